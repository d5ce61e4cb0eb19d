import { useEffect, useRef } from 'react';
import OlMapView from 'ol/Map.js';
import View from 'ol/View.js';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import LineString from 'ol/geom/LineString.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import TopoJSON from 'ol/format/TopoJSON.js';
import { boundingExtent } from 'ol/extent.js';
import { fromLonLat } from 'ol/proj.js';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style.js';
import 'ol/ol.css';

export interface MapMarker {
  key: string;
  n: number;
  name: string;
  lat: number;
  lon: number;
}
export interface OlMapProps {
  markers: MapMarker[];
  /** [lon, lat] pairs of the directions line. */
  line?: [number, number][];
  tilesUrl: string;
  tilesAttribution: string;
  zoom: number;
  /** The stop picked in the list or on the map (its marker is drawn larger, in orange). */
  selected?: string | null;
  onSelect?: (key: string) => void;
}

const markerStyle = (n: number, picked = false) =>
  new Style({
    zIndex: picked ? 2 : 1,
    image: new Circle({
      radius: picked ? 16 : 12,
      fill: new Fill({ color: picked ? '#e0671b' : '#1f5fbf' }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
    text: new Text({ text: String(n), fill: new Fill({ color: '#fff' }), font: 'bold 12px sans-serif' }),
  });
const lineStyle = new Style({ stroke: new Stroke({ color: '#e0671b', width: 4 }) });
const stateStyle = new Style({
  fill: new Fill({ color: '#f3f1ea' }),
  stroke: new Stroke({ color: '#9aa5b1', width: 1 }),
});

/** The basemap: XYZ tiles from the configured URL, else US state outlines (us-atlas TopoJSON, loaded on demand). */
function basemap(tilesUrl: string, attribution: string) {
  if (tilesUrl)
    return new TileLayer({
      source: new XYZ({ url: tilesUrl, attributions: attribution || undefined, crossOrigin: 'anonymous' }),
    });
  const source = new VectorSource();
  void import('us-atlas/states-10m.json', { with: { type: 'json' } }).then((m) => {
    const features = new TopoJSON({ layers: ['states'] }).readFeatures(m.default, {
      dataProjection: 'EPSG:4326',
      featureProjection: 'EPSG:3857',
    });
    source.addFeatures(features as Feature[]);
  });
  return new VectorLayer({ source, style: stateStyle });
}

/**
 * The OpenLayers map of the modal (its own lazy chunk with `ol`): numbered markers, the directions line, the view
 * at the spec's zoom around the stops, widened when they do not fit.
 */
export default function OlMap({
  markers,
  line,
  tilesUrl,
  tilesAttribution,
  zoom,
  selected,
  onSelect,
}: OlMapProps) {
  const select = useRef(onSelect);
  select.current = onSelect;
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<OlMapView | null>(null);
  const stops = useRef(new VectorSource());
  const route = useRef(new VectorSource());
  const fitted = useRef('');

  useEffect(() => {
    const m = new OlMapView({
      target: el.current!,
      layers: [
        basemap(tilesUrl, tilesAttribution),
        new VectorLayer({ source: route.current, style: lineStyle }),
        new VectorLayer({ source: stops.current, zIndex: 2 }),
      ],
      view: new View({ center: fromLonLat([-98.5, 39.8]), zoom: 4 }),
    });
    map.current = m;
    // a click on a marker picks its stop in the list
    m.on('singleclick', (e) => {
      const f = m.forEachFeatureAtPixel(e.pixel, (x) => x, {
        layerFilter: (l) => l.getSource() === stops.current,
      });
      const id = f?.getId();
      if (id !== undefined) select.current?.(String(id));
    });
    const resize = new ResizeObserver(() => m.updateSize());
    resize.observe(el.current!);
    return () => {
      resize.disconnect();
      m.setTarget(undefined);
      map.current = null;
    };
  }, [tilesUrl, tilesAttribution]);

  useEffect(() => {
    stops.current.clear();
    stops.current.addFeatures(
      markers.map((k) => {
        const f = new Feature({ geometry: new Point(fromLonLat([k.lon, k.lat])), name: k.name });
        f.setId(k.key);
        f.setStyle(markerStyle(k.n, k.key === selected));
        return f;
      }),
    );
    // the view moves when the set of stops changes, not when they are only renumbered
    const sig = markers
      .map((k) => k.key)
      .sort()
      .join(',');
    const view = map.current?.getView();
    if (!view || !markers.length || sig === fitted.current) return;
    fitted.current = sig;
    const coords = markers.map((k) => fromLonLat([k.lon, k.lat]));
    const extent = boundingExtent(coords);
    view.setCenter([(extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2]);
    view.setZoom(zoom);
    const size = map.current!.getSize();
    const shown = size ? view.calculateExtent(size) : undefined;
    const fits =
      shown && coords.every(([x, y]) => x! > shown[0]! && x! < shown[2]! && y! > shown[1]! && y! < shown[3]!);
    if (!fits) view.fit(extent, { padding: [40, 40, 40, 40], maxZoom: zoom });
  }, [markers, zoom, selected]);

  // a stop picked in the list: the map pans to it when it is off screen
  useEffect(() => {
    const k = markers.find((x) => x.key === selected);
    const m = map.current;
    if (!k || !m) return;
    const at = fromLonLat([k.lon, k.lat]);
    const size = m.getSize();
    const shown = size ? m.getView().calculateExtent(size) : undefined;
    if (shown && !(at[0]! > shown[0]! && at[0]! < shown[2]! && at[1]! > shown[1]! && at[1]! < shown[3]!))
      m.getView().animate({ center: at, duration: 300 });
  }, [selected]);

  useEffect(() => {
    route.current.clear();
    if (line && line.length >= 2)
      route.current.addFeature(new Feature({ geometry: new LineString(line.map((p) => fromLonLat(p))) }));
  }, [line]);

  return (
    <div
      ref={el}
      className="rm-map"
      data-testid="map-canvas"
      role="img"
      aria-label="Map of the route's stops"
    />
  );
}
