import { useEffect, useState } from 'react';
import { FEEDBACK_SUBJECT, Messages } from '@portal/contracts';
import { Alert, Button, Modal, TextArea, TextField, errorText, toast, type ApiClient } from '@portal/ui';

interface Props {
  open: boolean;
  onClose: () => void;
  api: ApiClient;
  email: string;
}

/** Feedback dialog (accounts §2): From (the user's email), the fixed subject, Message. */
export function FeedbackDialog({ open, onClose, api, email }: Props) {
  const [from, setFrom] = useState(email);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFrom(email);
    setMessage('');
    setError(null);
  }, [open, email]);

  const send = async () => {
    if (!from.trim() || !message.trim()) return setError(Messages.feedbackRequired);
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<{ message?: string }>('/api/email/feedback', { from: from.trim(), message });
      toast.success(res?.message ?? Messages.feedbackSent);
      onClose();
    } catch (e) {
      setError(Messages.feedbackFailed(errorText(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Send Feedback"
      testId="feedback-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => void send()} disabled={busy} data-testid="feedback-send">
            {busy ? 'Sending…' : 'Send'}
          </Button>
        </>
      }
    >
      {error && (
        <Alert type="error" onClose={() => setError(null)} testId="feedback-error">
          {error}
        </Alert>
      )}
      <TextField label="From" required type="email" value={from} onChange={setFrom} testId="feedback-from" />
      <TextField label="Subject" value={FEEDBACK_SUBJECT} readOnly testId="feedback-subject" />
      <TextArea label="Message" required value={message} onChange={setMessage} testId="feedback-message" />
    </Modal>
  );
}
