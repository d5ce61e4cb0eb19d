/**
 * A table cell whose figure sits to the right (amounts, mileage), drawn by a renderer: ag-grid's own
 * `type: 'rightAligned'` sets a cell class, which needs its CellStyle module, one more module in every table chunk.
 */
export function NumberCell(p: { valueFormatted?: string | null; value?: unknown }) {
  return <span className="pu-number-cell">{p.valueFormatted ?? String(p.value ?? '')}</span>;
}
