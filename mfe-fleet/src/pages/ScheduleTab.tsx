import { Component, Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { canEditFleet } from '@portal/contracts';
import { Alert, useSessionUser } from '@portal/ui';
import type { WeeklyScheduleProps } from 'mfe_schedule/WeeklySchedule';

function Unavailable() {
  return (
    <Alert type="warning" testId="weekly-schedule-unavailable">
      The weekly schedule is unavailable right now (the schedule part of the portal did not load). The Drivers
      and Vehicles tabs still work; try again in a moment.
    </Alert>
  );
}

/**
 * Cross-MFE composition: the weekly driver schedule is mfe-schedule's, exposed as ./WeeklySchedule and
 * loaded at run time through Module Federation. If the schedule remote is down, its script fails to load (the
 * import rejects) or its component throws: either way this tab says so and the rest of the page keeps working.
 */
const WeeklySchedule = lazy<ComponentType<WeeklyScheduleProps>>(() =>
  import('mfe_schedule/WeeklySchedule').then(
    (m) => ({ default: m.WeeklySchedule }),
    (e: unknown) => {
      console.warn('mfe_schedule/WeeklySchedule unavailable', e);
      return { default: Unavailable };
    },
  ),
);

class RemoteBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(e: unknown) {
    console.warn('the weekly schedule failed', e);
  }
  render() {
    return this.state.failed ? <Unavailable /> : this.props.children;
  }
}

/**
 * The week's schedule from routing (it names drivers, vehicles and routes itself): staff edit it; everyone else, a
 * driver included, sees it read-only (the service refuses their writes too), a driver's own row highlighted.
 */
export function ScheduleTab() {
  const user = useSessionUser();
  const staff = canEditFleet(user?.role);
  return (
    <RemoteBoundary>
      <Suspense fallback={<div className="pu-page-loading" aria-busy="true" />}>
        <WeeklySchedule readOnly={!staff} />
      </Suspense>
    </RemoteBoundary>
  );
}
