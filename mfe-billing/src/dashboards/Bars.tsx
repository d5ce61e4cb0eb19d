import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The dashboards' colours: the portal's primary (#1f6f5c, 6.2:1 on white) and dark text for the axes. */
const BAR = '#1f6f5c';
const AXIS = '#3d4843';

/** A bar chart of `[{[x]: label, [y]: count}]`, vertical (days, weeks) or horizontal (statuses, reasons). */
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
  const tick = { fill: AXIS, fontSize: 12 };
  return (
    <ResponsiveContainer width="100%" height={height}>
      {horizontal ? (
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={tick} />
          <YAxis type="category" dataKey={x} width={150} tick={tick} interval={0} />
          <Tooltip />
          <Bar dataKey={y} name={name} fill={BAR} maxBarSize={48} isAnimationActive={false} />
        </BarChart>
      ) : (
        <BarChart data={data} margin={{ left: 0, right: 16, top: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={x} tick={tick} minTickGap={12} />
          <YAxis allowDecimals={false} tick={tick} width={36} />
          <Tooltip />
          <Bar dataKey={y} name={name} fill={BAR} maxBarSize={48} isAnimationActive={false} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
