import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button.js';
import { Modal } from './Modal.js';

export interface ConfirmAsk {
  title: string;
  text: ReactNode;
  confirm: string;
}

/**
 * A yes/no question on the design system's native <dialog> (Modal), awaited like window.confirm but styled, keyboard
 * friendly (Escape says no, Tab reaches both buttons) and visible to the browser tests. `ask()` resolves true on
 * the confirm button, false on Cancel, ×, Escape or a click beside it. Each MFE passes its own test id prefix.
 */
export function useConfirm(testId = 'confirm') {
  const [asking, setAsking] = useState<ConfirmAsk | null>(null);
  const answer = useRef<(yes: boolean) => void>(() => {});
  const ask = useCallback(
    (q: ConfirmAsk) =>
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
