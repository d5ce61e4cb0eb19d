import { useState, type KeyboardEvent } from 'react';
import { canEditFleet } from '@portal/contracts';
import { PageTitle, useSessionUser } from '@portal/ui';
import { DriversList } from './DriversList.js';
import { ScheduleTab } from './ScheduleTab.js';
import { VehiclesList } from './VehiclesList.js';
import './fleet.css';

const TABS = [
  { key: 'schedule', label: 'Schedule', staffOnly: false },
  { key: 'drivers', label: 'Drivers', staffOnly: true },
  { key: 'vehicles', label: 'Vehicles', staffOnly: true },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * /dashboard/manageDriver (orders §2): tabs Schedule, Drivers, Vehicles; the last two are hidden from drivers, who
 * may not edit the fleet (canEditFleet). The Schedule tab is mfe-schedule's weekly grid, composed at run time.
 */
export function ManageDriver() {
  const user = useSessionUser();
  const tabs = TABS.filter((t) => !t.staffOnly || canEditFleet(user?.role));
  const [active, setActive] = useState<TabKey>('schedule');
  const current = tabs.find((t) => t.key === active) ?? tabs[0]!;
  // Arrow keys move between tabs (WAI-ARIA tabs pattern), so the tab list is one stop for the keyboard.
  const onKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length]!;
    setActive(next.key);
    document.getElementById(`fleet-tab-${next.key}`)?.focus();
  };
  return (
    <div data-testid="manage-driver">
      <PageTitle>Drivers</PageTitle>
      <div className="fl-tabs" role="tablist" aria-label="Drivers" data-testid="fleet-tabs" onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.key}
            id={`fleet-tab-${t.key}`}
            type="button"
            role="tab"
            aria-selected={t.key === current.key}
            aria-controls="fleet-tab-panel"
            tabIndex={t.key === current.key ? 0 : -1}
            className="fl-tab"
            onClick={() => setActive(t.key)}
            data-testid={`fleet-tab-${t.key}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id="fleet-tab-panel"
        role="tabpanel"
        aria-labelledby={`fleet-tab-${current.key}`}
        className="fl-panel"
      >
        {current.key === 'schedule' && <ScheduleTab />}
        {current.key === 'drivers' && <DriversList />}
        {current.key === 'vehicles' && <VehiclesList />}
      </div>
    </div>
  );
}
