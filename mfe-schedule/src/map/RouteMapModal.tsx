import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { DISPATCH, MapMessages } from '@portal/contracts/dispatch';
import { Alert, Button, EmptyState, useConfirm } from '@portal/ui';
import {
  distanceText,
  googleMapsUrl,
  googleTruncated,
  numbersOf,
  spreadSame,
  type ScheduleStop,
} from './model.js';
import { StopList } from './StopList.js';
import { SuggestBanner } from './SuggestBanner.js';
import { useRouteMap } from './useRouteMap.js';
import './map.css';

// `ol` and the basemap load only when a map opens (their own chunk: the MFE's entry stays small)
const OlMap = lazy(() => import('./OlMap.js'));

/** The route map modal (orders §2 "Route map modal"); opened from a schedule route header. */
export interface RouteMapModalProps {
  routeId: string;
  routeName: string;
  /** YYYY-MM-DD */
  day: string;
  /** The route's stops of the day, in schedule order (the map's first state when none is saved). */
  stops: ScheduleStop[];
  onClose: () => void;
}

/**
 * Full-screen dialog: the stop list (reorder, remove/restore, suggest order) beside an OpenLayers map with numbered
 * markers and the directions line; Open in Google Maps; Save (POST /api/maps/update). On ≤ 700 px the list takes
 * 45 % of the height and the map 55 % (orders §9).
 */
export function RouteMapModal({ routeId, routeName, day, stops, onClose }: RouteMapModalProps) {
  const m = useRouteMap(routeId, day, stops);
  const ref = useRef<HTMLDialogElement>(null);
  const { ask, dialog } = useConfirm('map-confirm');
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const close = async () => {
    if (
      m.dirty &&
      !(await ask({
        title: 'Unsaved changes',
        text: 'Close the map without saving the stop order?',
        confirm: 'Close',
      }))
    )
      return;
    onClose();
  };
  const markers = useMemo(() => {
    const n = numbersOf(m.stops);
    return spreadSame(
      m.stops.flatMap((s, i) =>
        s.point && n[i] ? [{ key: s.key, n: n[i]!, name: s.name, lat: s.point.lat, lon: s.point.lon }] : [],
      ),
    );
  }, [m.stops]);
  const google = googleMapsUrl(m.stops);
  const title = `Route map — ${routeName} — ${day}`;
  return (
    <dialog
      ref={ref}
      className="rm-dialog"
      aria-label={title}
      data-testid="route-map"
      onCancel={(e) => {
        e.preventDefault();
        void close();
      }}
    >
      <header className="rm-head">
        <h2>{title}</h2>
        <label className="rm-switch">
          <input
            type="checkbox"
            role="switch"
            checked={m.showDirections}
            onChange={(e) => m.setShowDirections(e.target.checked)}
            data-testid="map-directions"
          />
          Show Directions
        </label>
        {m.directions && (
          <span className="rm-dist" data-testid="map-distance">
            {distanceText(m.directions.distance, m.directions.duration)}
            {m.directions.source === 'straight' ? ' (straight lines)' : ''}
          </span>
        )}
        <Button
          onClick={() => void m.suggest()}
          disabled={m.suggesting || !m.stops.length}
          data-testid="map-suggest"
        >
          {m.suggesting ? 'Suggesting…' : 'Suggest order'}
        </Button>
        {google ? (
          <a
            className="pu-btn pu-btn-secondary pu-btn-md"
            href={google}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="map-google"
          >
            Open in Google Maps
          </a>
        ) : null}
        <Button
          variant="primary"
          onClick={m.save}
          disabled={m.saving || !m.stops.length}
          data-testid="map-save"
        >
          {m.saving ? 'Saving…' : 'Save'}
        </Button>
        <button type="button" className="pu-modal-close" aria-label="Close" onClick={() => void close()}>
          ×
        </button>
      </header>
      {m.suggestion && (
        <SuggestBanner
          suggestion={m.suggestion}
          current={m.stops}
          onAccept={m.acceptSuggestion}
          onIgnore={m.ignoreSuggestion}
        />
      )}
      {m.loadError && <Alert type="error">The saved map could not be loaded: {m.loadError}</Alert>}
      {m.geoError && <Alert type="warning">Stop positions unavailable: {m.geoError}</Alert>}
      {google && googleTruncated(m.stops) && (
        <p className="rm-note">
          Google Maps takes 9 stops between start and end: its link covers the first 11 stops.
        </p>
      )}
      <div className="rm-body">
        <section className="rm-list" aria-label="Stops">
          {m.loading ? (
            <p>Loading…</p>
          ) : m.stops.length ? (
            <StopList stops={m.stops} onChange={m.setStops} selected={picked} onSelect={setPicked} />
          ) : (
            <EmptyState title={MapMessages.noStops} testId="map-empty">
              Nothing to place on the map for {day}.
            </EmptyState>
          )}
        </section>
        <section className="rm-mapbox" aria-label="Map">
          <Suspense fallback={<p className="rm-loading">Loading map…</p>}>
            {m.config && (
              <OlMap
                markers={markers}
                line={m.directions?.line}
                tilesUrl={m.config.tilesUrl}
                tilesAttribution={m.config.tilesAttribution}
                zoom={m.config.zoom ?? DISPATCH.mapZoom}
                selected={picked}
                onSelect={setPicked}
              />
            )}
          </Suspense>
          {m.directionsError && <Alert type="warning">Directions unavailable: {m.directionsError}</Alert>}
        </section>
      </div>
      {dialog}
    </dialog>
  );
}
