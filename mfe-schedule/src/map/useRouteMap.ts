import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapMessages, mapIdOf, type GeoPoint } from '@portal/contracts/dispatch';
import { errorText, toast, usePortal } from '@portal/ui';
import * as api from './api.js';
import { mergeStops, sameOrder, toAddresses, type MapStop, type ScheduleStop } from './model.js';
import { runSuggest } from './run-suggest.js';
import type { Suggestion } from './suggest.js';

const placeOf = (s: { address: string; zip: string }) => ({
  address: [s.address, s.zip].filter(Boolean).join(' '),
  zip: s.zip,
});

/** The modal's state: the saved map merged with the schedule's stops, positions, directions, suggestion, save. */
export function useRouteMap(routeId: string, day: string, scheduleStops: ScheduleStop[]) {
  const { api: client } = usePortal();
  const qc = useQueryClient();
  const id = mapIdOf(routeId, day);
  const config = useQuery({
    queryKey: ['routing', 'maps-config'],
    queryFn: () => api.getMapsConfig(client),
    staleTime: Infinity,
  });
  const saved = useQuery({ queryKey: api.mapKey(id), queryFn: () => api.getMap(client, id) });
  const [stops, setStops] = useState<MapStop[] | null>(null);
  const [base, setBase] = useState<MapStop[]>([]);
  useEffect(() => {
    if (!saved.data || stops) return;
    const merged = mergeStops(scheduleStops, saved.data.data.addresses);
    setStops(merged);
    setBase(merged);
  }, [saved.data, stops, scheduleStops]);

  // positions: one geocode call for the day's stops (cached per map while the modal is open)
  const places = useMemo(() => mergeStops(scheduleStops, []), [scheduleStops]);
  const geo = useQuery({
    queryKey: ['routing', 'map-geo', id, places.map((s) => `${s.key}|${s.address}|${s.zip}`).join('\n')],
    queryFn: () => api.geocode(client, places.map(placeOf)),
    enabled: places.length > 0,
    staleTime: 10 * 60_000,
  });
  const points = useMemo(() => {
    const m = new Map<string, GeoPoint | null>();
    places.forEach((s, i) => m.set(s.key, geo.data?.[i] ?? null));
    return m;
  }, [places, geo.data]);
  const located = useMemo(
    () => (stops ?? []).map((s) => ({ ...s, point: geo.data ? points.get(s.key) : undefined })),
    [stops, points, geo.data],
  );

  const [showDirections, setShowDirections] = useState(false);
  const route = located.filter((s) => !s.deleted && s.point).map((s) => s.point!);
  const dirs = useQuery({
    queryKey: ['routing', 'map-dirs', route.map((p) => `${p.lat},${p.lon}`).join(';')],
    queryFn: () =>
      api.directions(
        client,
        route.map(({ lat, lon }) => ({ lat, lon })),
      ),
    enabled: showDirections && route.length >= 2,
    staleTime: 10 * 60_000,
  });

  const [suggestion, setSuggestion] = useState<(Suggestion & { stops: MapStop[] }) | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  async function suggest() {
    const kept = located.filter((s) => !s.deleted && s.point);
    if (kept.length < 3) return toast.info('Suggest order needs at least 3 stops with a position.');
    setSuggesting(true);
    try {
      const s = await runSuggest(kept.map((k) => ({ lat: k.point!.lat, lon: k.point!.lon })));
      // the proposal reorders the located kept stops; the others keep their places after them
      const proposed = s.order.map((i) => kept[i]!);
      const rest = located.filter((x) => !proposed.includes(x));
      setSuggestion({ ...s, stops: [...proposed, ...rest] });
    } finally {
      setSuggesting(false);
    }
  }
  const acceptSuggestion = () => {
    if (suggestion) setStops(suggestion.stops.map(({ point: _p, ...s }) => s));
    setSuggestion(null);
  };

  const save = useMutation({
    mutationFn: (list: MapStop[]) => api.saveMap(client, id, toAddresses(list)),
    onSuccess: (state, list) => {
      qc.setQueryData(api.mapKey(id), state);
      setBase(list);
      toast.success(MapMessages.saved);
    },
    onError: (e) => toast.error(MapMessages.saveFailed(errorText(e))),
  });

  return {
    id,
    config: config.data,
    // still loading until the saved map has been merged into the stops (else "no stops" flashes for a render)
    loading: saved.isLoading || (!!saved.data && stops === null),
    loadError: saved.error ? errorText(saved.error) : null,
    geoError: geo.error ? errorText(geo.error) : null,
    stops: located,
    setStops: (next: MapStop[]) => {
      setStops(next);
      setSuggestion(null);
    },
    dirty: !!stops && !sameOrder(stops, base),
    showDirections,
    setShowDirections,
    directions: showDirections ? dirs.data : undefined,
    directionsError: dirs.error ? errorText(dirs.error) : null,
    suggest,
    suggesting,
    suggestion,
    acceptSuggestion,
    ignoreSuggestion: () => setSuggestion(null),
    save: () => stops && save.mutate(stops),
    saving: save.isPending,
  };
}
export type RouteMapState = ReturnType<typeof useRouteMap>;
