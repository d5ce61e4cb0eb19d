import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MapMessages } from '@portal/contracts/dispatch';
import { Button } from '@portal/ui';
import { move, numbersOf, type MapStop } from './model.js';

/** What names a stop: its name, else its address (a licence without a name), else the order id. */
const labelOf = (s: MapStop) => s.name || s.address || s.orderId;

export interface StopListProps {
  stops: MapStop[];
  onChange: (next: MapStop[]) => void;
  /** The stop picked here or on the map. */
  selected?: string | null;
  onSelect?: (key: string) => void;
}

/**
 * The stops in map order: drag by the handle (mouse or touch-pad), or focus the handle and use the arrow keys, or
 * the up/down buttons; Remove greys a stop and takes its number away, Restore brings it back.
 */
export function StopList({ stops, onChange, selected, onSelect }: StopListProps) {
  const list = useRef<HTMLOListElement>(null);
  // a marker clicked on the map: its row scrolls into view
  useEffect(() => {
    if (selected) list.current?.querySelector('.rm-picked')?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const from = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const nums = numbersOf(stops);
  // "placed at the zip centre" is worth a line only when some stops have street positions (offline: none do)
  const mixed = stops.some((s) => s.point?.precision === 'address');
  const moveTo = (i: number, to: number) => {
    if (to < 0 || to >= stops.length) return;
    onChange(move(stops, i, to));
    setSaid(`${labelOf(stops[i]!)} moved to position ${to + 1} of ${stops.length}`);
  };
  const onKey = (i: number) => (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    moveTo(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
  };
  return (
    <>
      {!mixed && stops.some((s) => s.point) && (
        <p className="rm-note" data-testid="map-zip-note">
          Markers are at each stop's zip code centre.
        </p>
      )}
      <ol className="rm-stops" data-testid="map-stops" ref={list}>
        {stops.map((s, i) => (
          <li
            key={s.key}
            className={`rm-stop${s.deleted ? ' rm-deleted' : ''}${over === i ? ' rm-over' : ''}${selected === s.key ? ' rm-picked' : ''}`}
            data-testid={`map-stop-${s.orderId}`}
            data-deleted={s.deleted || undefined}
            draggable
            onDragStart={(e) => {
              from.current = i;
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', s.key);
            }}
            onDragOver={(e) => {
              if (from.current === null) return;
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              if (from.current !== null) moveTo(from.current, i);
              from.current = null;
              setOver(null);
            }}
            onDragEnd={() => {
              from.current = null;
              setOver(null);
            }}
          >
            <button
              type="button"
              className="rm-handle"
              aria-label={`Reorder ${labelOf(s)} (arrow keys move it)`}
              onKeyDown={onKey(i)}
              onFocus={() => onSelect?.(s.key)}
              data-testid="map-stop-handle"
            >
              ⠿
            </button>
            <span
              className="rm-num"
              data-testid="map-stop-number"
              aria-label={nums[i] ? `Stop ${nums[i]}` : 'Removed'}
            >
              {nums[i] ?? '–'}
            </span>
            <span className="rm-text" onClick={() => onSelect?.(s.key)}>
              <strong>{labelOf(s)}</strong>
              <span>{[s.address, s.zip].filter(Boolean).join(' ')}</span>
              {s.point === null && <small className="rm-warn">{MapMessages.notLocated}</small>}
              {mixed && s.point?.precision === 'zip' && <small>Placed at the zip code's centre</small>}
            </span>
            <span className="rm-actions">
              <Button
                size="sm"
                aria-label={`Move ${labelOf(s)} up`}
                disabled={i === 0}
                onClick={() => moveTo(i, i - 1)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                aria-label={`Move ${labelOf(s)} down`}
                disabled={i === stops.length - 1}
                onClick={() => moveTo(i, i + 1)}
              >
                ↓
              </Button>
              <Button
                size="sm"
                data-testid={s.deleted ? 'map-stop-restore' : 'map-stop-remove'}
                onClick={() =>
                  onChange(stops.map((x) => (x.key === s.key ? { ...x, deleted: !x.deleted } : x)))
                }
              >
                {s.deleted ? 'Restore' : 'Remove'}
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <div className="pu-sr-only" aria-live="polite" style={{ position: 'absolute', left: -9999 }}>
        {said}
      </div>
    </>
  );
}
