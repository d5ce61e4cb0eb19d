import { Button } from '@portal/ui';
import { distanceText, numbersOf, type MapStop } from './model.js';
import type { Suggestion } from './suggest.js';

export interface SuggestBannerProps {
  suggestion: Suggestion & { stops: MapStop[] };
  /** The list as it is (the proposal is told in its stop numbers). */
  current: MapStop[];
  onAccept: () => void;
  onIgnore: () => void;
}

/** The proposed stop order with the distance it saves: the dispatcher uses it or ignores it (nothing is saved). */
export function SuggestBanner({ suggestion: s, current, onAccept, onIgnore }: SuggestBannerProps) {
  const better = s.after < s.before;
  const nums = numbersOf(current);
  const numOf = new Map(current.map((x, i) => [x.key, nums[i]]));
  const kept = s.stops.filter((x) => !x.deleted);
  return (
    <div className="rm-suggestion" role="status" data-testid="map-suggestion">
      {better ? (
        <span>
          Suggested order: {distanceText(s.after)} instead of {distanceText(s.before)} (saves{' '}
          {distanceText(s.before - s.after)}, straight-line distances): stops{' '}
          <span data-testid="map-suggest-order" title={kept.map((x) => x.name || x.address).join(' → ')}>
            {kept.map((x) => numOf.get(x.key)).join(' → ')}
          </span>
          .
        </span>
      ) : (
        <span>
          The current order is already the shortest found ({distanceText(s.before)}, straight-line distances).
        </span>
      )}
      {better && (
        <Button size="sm" variant="primary" onClick={onAccept} data-testid="map-suggest-accept">
          Use this order
        </Button>
      )}
      <Button size="sm" onClick={onIgnore} data-testid="map-suggest-ignore">
        {better ? 'Ignore' : 'OK'}
      </Button>
    </div>
  );
}
