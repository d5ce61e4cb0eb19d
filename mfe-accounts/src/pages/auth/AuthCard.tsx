import type { FormEvent, ReactNode } from 'react';
import { Alert, Steps } from '@portal/ui';
import './auth.css';

export const SIGN_UP_STEPS = ['License Number', 'Verify Email', 'Create Profile'];
/** An invited user never picks a licence (the invite names the company): their first step is the password. */
export const INVITE_STEPS = ['Create Password', 'Verify Email', 'Create Profile'];

export interface AuthCardProps {
  title: string;
  /** data-testid prefix: the form is `<id>-form`, the red alert `<id>-error`, the green one `<id>-notice`. */
  id: string;
  onSubmit: () => void;
  /** Index in `steps` to show the step indicator. */
  step?: number;
  /** The flow's steps: SIGN_UP_STEPS unless the user came from an invite link (INVITE_STEPS). */
  steps?: string[];
  error?: string | null;
  onCloseError?: () => void;
  notice?: ReactNode;
  onCloseNotice?: () => void;
  /** Signed-in dashboard screens sit left-aligned in the page; public ones are centred cards. */
  wide?: boolean;
  children: ReactNode;
}

/** The frame every sign-up / password / email screen shares: a card, a title, steps, a closable red alert. */
export function AuthCard({
  title,
  id,
  onSubmit,
  step,
  steps = SIGN_UP_STEPS,
  error,
  onCloseError,
  notice,
  onCloseNotice,
  wide,
  children,
}: AuthCardProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <div className={wide ? 'acc-auth acc-auth-page' : 'acc-auth'}>
      <form
        className="pu-card acc-auth-card"
        onSubmit={submit}
        noValidate
        data-testid={`${id}-form`}
        aria-label={title}
      >
        {step !== undefined && <Steps steps={steps} current={step} testId={`${id}-steps`} />}
        <h1>{title}</h1>
        {error && (
          <Alert type="error" onClose={onCloseError} testId={`${id}-error`}>
            {error}
          </Alert>
        )}
        {notice && (
          <Alert type="success" onClose={onCloseNotice} testId={`${id}-notice`}>
            {notice}
          </Alert>
        )}
        {children}
      </form>
    </div>
  );
}

/** The buttons row under a form: primary action first; full-width stacked on mobile (CSS). */
export const Actions = ({ children }: { children: ReactNode }) => (
  <div className="acc-auth-actions">{children}</div>
);
