import { useEffect, useRef, useState } from 'react';

/** The dashboards' colours: the portal's primary (#1f6f5c, 6.2:1 on white) and dark text for the axes. */
const BAR = '#1f6f5c';
const AXIS = '#3d4843';
const GRID = '#d5dcd9';
const FONT = 12;

/** Whole-number ticks from 0 to at least `max` (counts: no decimals), about four steps. */
export function ticks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  const raw = top / 4;
  const pow = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow);
  const out: number[] = [];
  for (let t = 0; t < top + step; t += step) out.push(t);
  return out;
}

/** The chart's width: its box's, followed as the page resizes (the charts stack at 700 px). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, Math.floor(el.getBoundingClientRect().width)));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A bar chart of `[{[x]: label, [y]: count}]`, vertical (days, weeks) or horizontal (statuses, reasons), drawn as SVG
 * (the dashboards' only chart: a charting library would be ~140 KB of the page's first load). Each bar's title is
 * its label and count (the hover tip); the card's table stays the accessible description.
 */
export function Bars({
  data,
  x,
  y,
  name,
  horizontal,
  height = 260,
}: {
  data: object[];
  x: string;
  y: string;
  name: string;
  horizontal?: boolean;
  height?: number;
}) {
  const { ref, width } = useWidth();
  const rows = data.map((d) => {
    const r = d as Record<string, unknown>;
    return { label: String(r[x] ?? ''), value: Number(r[y] ?? 0) || 0 };
  });
  const scale = ticks(Math.max(0, ...rows.map((r) => r.value)));
  const top = scale[scale.length - 1] || 1;
  const m = horizontal
    ? { left: 158, right: 16, top: 8, bottom: 26 }
    : { left: 40, right: 16, top: 8, bottom: 28 };
  const w = Math.max(1, width - m.left - m.right);
  const h = Math.max(1, height - m.top - m.bottom);
  const band = (horizontal ? h : w) / Math.max(1, rows.length);
  const thick = Math.min(48, band * 0.8);
  const tick = { fill: AXIS, fontSize: FONT };
  // vertical labels: every k-th one, so that no two overlap (about 7 px a character, 12 px apart)
  const widest = Math.max(1, ...rows.map((r) => r.label.length)) * 7 + 12;
  const every = horizontal ? 1 : Math.max(1, Math.ceil(widest / band));
  const clip = (s: string) => (s.length > 22 ? `${s.slice(0, 21)}…` : s);

  return (
    <div ref={ref} className="db-bars" style={{ width: '100%', height }}>
      <svg className="db-chart-surface" width={width} height={height} role="presentation">
        <g transform={`translate(${m.left},${m.top})`}>
          {scale.map((t) => {
            const at = (t / top) * (horizontal ? w : h);
            return horizontal ? (
              <g key={t}>
                <line x1={at} x2={at} y1={0} y2={h} stroke={GRID} strokeDasharray="3 3" />
                <text x={at} y={h + 16} textAnchor="middle" {...tick}>
                  {t}
                </text>
              </g>
            ) : (
              <g key={t}>
                <line x1={0} x2={w} y1={h - at} y2={h - at} stroke={GRID} strokeDasharray="3 3" />
                <text x={-6} y={h - at + 4} textAnchor="end" {...tick}>
                  {t}
                </text>
              </g>
            );
          })}
          {rows.map((r, i) => {
            const len = (r.value / top) * (horizontal ? w : h);
            const mid = band * i + band / 2;
            return horizontal ? (
              <g key={`${r.label}-${i}`}>
                <rect x={0} y={mid - thick / 2} width={len} height={thick} fill={BAR}>
                  <title>{`${r.label}: ${name} ${r.value}`}</title>
                </rect>
                <text x={-8} y={mid + 4} textAnchor="end" {...tick}>
                  {clip(r.label)}
                </text>
              </g>
            ) : (
              <g key={`${r.label}-${i}`}>
                <rect x={mid - thick / 2} y={h - len} width={thick} height={len} fill={BAR}>
                  <title>{`${r.label}: ${name} ${r.value}`}</title>
                </rect>
                {i % every === 0 && (
                  <text x={mid} y={h + 18} textAnchor="middle" {...tick}>
                    {r.label}
                  </text>
                )}
              </g>
            );
          })}
          <line x1={0} x2={horizontal ? 0 : w} y1={horizontal ? 0 : h} y2={h} stroke={AXIS} />
        </g>
      </svg>
    </div>
  );
}
