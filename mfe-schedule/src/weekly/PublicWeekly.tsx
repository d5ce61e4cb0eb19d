import { PageTitle } from '@portal/ui';
import { WeeklySchedule } from '../exposes/WeeklySchedule.js';

const dateParam = () => {
  const d = new URLSearchParams(window.location.search).get('date');
  return d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? new Date(`${d}T00:00:00Z`) : undefined;
};

/**
 * /dashboard/driverschedule?date= (public, no login): the week's driver schedule read-only, names only (the mail
 * to a notified driver links here). The week picked is kept in ?date= so the address can be shared.
 */
export function PublicWeekly() {
  return (
    <div className="pu-page" data-testid="public-weekly">
      <PageTitle>Driver Schedule</PageTitle>
      <WeeklySchedule
        publicView
        readOnly
        initialDate={dateParam()}
        onWeekChange={(week) => {
          const url = new URL(window.location.href);
          url.searchParams.set('date', week);
          window.history.replaceState(window.history.state, '', url);
        }}
      />
    </div>
  );
}
