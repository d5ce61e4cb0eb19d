import { useEffect, useState } from 'react';
import { DispatchMessages as DM } from '@portal/contracts/dispatch';
import { Button, navigateTo } from '@portal/ui';
import { LIVE_LABELS, type LiveState } from '../../live/useLiveSchedule.js';

/**
 * Where "Create Order" (staff: the admin order page) and the driver's "Cash Pickup" go. Drivers may not open
 * /dashboard/createOrder (mfe-orders' manifest), but orders' Edit Order page without an id is the same order form
 * in create mode and open to them; the service takes only cash_pickup from a driver. The orderType is the preset
 * the form may read (it reads none yet).
 */
export const CREATE_PATH = '/dashboard/adminEditOrder';
export const CASH_PICKUP_PATH = '/dashboard/editOrder?orderType=cash_pickup';

export interface ToolbarProps {
  day: string;
  onDay(day: string): void;
  onSearch(q: string): void;
  searchMs: number;
  extra: boolean;
  onExtra(on: boolean): void;
  onRefresh(): void;
  refreshing: boolean;
  live: LiveState;
  create: 'admin' | 'cashPickup' | null;
}

/** Date, search (sent after a pause), refresh, extra columns, print, create; the live indicator. */
export function Toolbar(p: ToolbarProps) {
  const [text, setText] = useState('');
  const { onSearch, searchMs } = p;
  useEffect(() => {
    const t = setTimeout(() => onSearch(text.trim()), searchMs);
    return () => clearTimeout(t);
  }, [text, onSearch, searchMs]);
  return (
    <div className="sch-toolbar sch-noprint" role="group" aria-label="Schedule tools">
      <label className="sch-date">
        <span>Date</span>
        <input
          type="date"
          className="pu-input"
          value={p.day}
          required
          data-testid="schedule-date"
          onChange={(e) => e.target.value && p.onDay(e.target.value)}
        />
      </label>
      <input
        type="search"
        className="pu-input sch-search"
        placeholder={DM.searchPlaceholder}
        aria-label={DM.searchPlaceholder}
        value={text}
        data-testid="schedule-search"
        onChange={(e) => setText(e.target.value)}
      />
      <Button onClick={p.onRefresh} disabled={p.refreshing} data-testid="schedule-refresh">
        Refresh
      </Button>
      <label className="sch-extra">
        <input
          type="checkbox"
          checked={p.extra}
          onChange={(e) => p.onExtra(e.target.checked)}
          data-testid="schedule-extra"
        />
        <span>Extra columns</span>
      </label>
      <Button onClick={() => window.print()} data-testid="schedule-print">
        Print
      </Button>
      {p.create === 'admin' && (
        <Button variant="primary" onClick={() => navigateTo(CREATE_PATH)} data-testid="schedule-create">
          Create Order
        </Button>
      )}
      {p.create === 'cashPickup' && (
        <Button
          variant="primary"
          onClick={() => navigateTo(CASH_PICKUP_PATH)}
          data-testid="schedule-cash-pickup"
        >
          Cash Pickup
        </Button>
      )}
      <span
        className={`sch-live sch-live-${p.live}`}
        data-testid="schedule-live"
        role="status"
        aria-live="polite"
      >
        {LIVE_LABELS[p.live]}
      </span>
    </div>
  );
}
