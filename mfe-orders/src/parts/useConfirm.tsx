import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Modal } from '@portal/ui';

interface Ask {
  title: string;
  text: ReactNode;
  confirm: string;
}

/**
 * A yes/no question on the design system's Modal, awaited like window.confirm (Escape and × say no). The same
 * shape as mfe-fleet's: a candidate for @portal/ui (named in the README) rather than a third copy.
 */
export function useConfirm(testId = 'order-confirm') {
  const [asking, setAsking] = useState<Ask | null>(null);
  const answer = useRef<(yes: boolean) => void>(() => {});
  const ask = useCallback(
    (q: Ask) =>
      new Promise<boolean>((resolve) => {
        answer.current = (yes) => {
          setAsking(null);
          resolve(yes);
        };
        setAsking(q);
      }),
    [],
  );
  const dialog = (
    <Modal
      open={!!asking}
      title={asking?.title ?? ''}
      onClose={() => answer.current(false)}
      testId={testId}
      footer={
        <>
          <Button onClick={() => answer.current(false)} data-testid={`${testId}-no`}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => answer.current(true)} data-testid={`${testId}-yes`}>
            {asking?.confirm}
          </Button>
        </>
      }
    >
      <p>{asking?.text}</p>
    </Modal>
  );
  return { ask, dialog };
}
