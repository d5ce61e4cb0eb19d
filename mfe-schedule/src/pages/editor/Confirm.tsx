import { Button, Modal } from '@portal/ui';

interface ConfirmProps {
  open: boolean;
  title: string;
  text: string;
  yes: string;
  danger?: boolean;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
  testId: string;
}

/** A yes/no question on the native dialog; "Stay"/Cancel is the safe default and keeps the focus first. */
export function Confirm({ open, title, text, yes, danger, busy, onYes, onNo, testId }: ConfirmProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onNo}
      testId={testId}
      footer={
        <>
          <Button onClick={onNo}>Cancel</Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            disabled={busy}
            onClick={onYes}
            data-testid={`${testId}-yes`}
          >
            {yes}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
