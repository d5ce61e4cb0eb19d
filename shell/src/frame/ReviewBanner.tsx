import { Messages } from '@portal/contracts';
import { Alert, Link } from '@portal/ui';

/**
 * On every page while staff have not verified the account (accounts §1: "reviewed and verified by staff before they
 * are fully active"): what is going on and what the user can do meanwhile.
 */
export function ReviewBanner() {
  return (
    <Alert type="warning" testId="review-banner">
      {Messages.underReview} Until then you can complete your <Link to="/dashboard/profile">profile</Link> and
      read the <Link to="/dashboard/faq">FAQ</Link>.
    </Alert>
  );
}
