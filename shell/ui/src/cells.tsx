/**
 * Table cells drawn by a renderer instead of an ag-grid option, so the grid chunk carries no module for them (every
 * module is weight on each table page).
 */
interface CellValue {
  valueFormatted?: string | null;
  value?: unknown;
}
const text = (p: CellValue) => p.valueFormatted ?? String(p.value ?? '');

/** A figure that sits to the right (amounts, mileage): ag-grid's `type: 'rightAligned'` needs its CellStyle module. */
export function NumberCell(p: CellValue) {
  return <span className="pu-number-cell">{text(p)}</span>;
}

/** A long value whose whole text shows on hover (the browser's own tooltip; ag-grid's tooltipField needs a module). */
export function TitledCell(p: CellValue) {
  return <span title={text(p)}>{text(p)}</span>;
}
