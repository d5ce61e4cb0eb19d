import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// ag-grid ignores a column or grid option whose module is not registered and logs "AG Grid: error #200 … <Module>"
// once per grid (the order lists logged it for CellStyle on every page). @portal/ui registers its modules by hand
// (src/grid.ts); this test reads every table of the portal (the MFEs' sources and DataGrid) and checks that each
// option they use has its module registered.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Option (as written in a column or grid definition) → the community module it needs. */
const NEEDS: [RegExp, string][] = [
  [/\bcell(Class|ClassRules|Style)\s*:/, 'CellStyleModule'],
  // the column types set a cell class
  [/\btype\s*:\s*'(rightAligned|numericColumn)'/, 'CellStyleModule'],
  [/\b(tooltipField|tooltipValueGetter|headerTooltip|tooltipComponent)\s*:/, 'TooltipModule'],
  [/\bautoHeight\s*:/, 'RowAutoHeightModule'],
  [/\b(rowClass|rowClassRules|getRowClass|rowStyle|getRowStyle)\s*[:=]/, 'RowStyleModule'],
  [/agNumberCellEditor/, 'NumberEditorModule'],
  [/agDateCellEditor|agDateStringCellEditor/, 'DateEditorModule'],
  [/agCheckboxCellEditor/, 'CheckboxEditorModule'],
  [/agLargeTextCellEditor/, 'LargeTextEditorModule'],
  [/agSelectCellEditor/, 'SelectEditorModule'],
  [/agTextCellEditor|\beditable\s*:/, 'TextEditorModule'],
  [/\bfilter\s*:\s*(true|'ag)/, 'TextFilterModule'],
  [/\browDrag\s*:|\browDragManaged\b/, 'RowDragModule'],
  [/\browSelection\s*[:=]/, 'RowSelectionModule'],
  [/\bquickFilterText\s*=/, 'QuickFilterModule'],
  [/\bpagination\b/, 'PaginationModule'],
  [/\brefreshCells\(/, 'RenderApiModule'],
  [/\bautoSizeStrategy\b|\bautoSizeColumns\(/, 'ColumnAutoSizeModule'],
  [/\b(getColumnState|applyColumnState|setColumnsVisible)\(/, 'ColumnApiModule'],
];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Files that build ag-grid columns or grids: they import ag-grid's types, or they are DataGrid itself. */
const gridFiles = [
  ...readdirSync(root)
    .filter((d) => d.startsWith('mfe-'))
    .flatMap((d) => sources(path.join(root, d, 'src'))),
  path.join(root, 'shell/ui/src/DataGrid.tsx'),
].filter((f) => /from 'ag-grid-(community|react)'|AgGridReact/.test(readFileSync(f, 'utf8')));

/** A source without its comments (a comment may name an option it does not use). */
const code = (f: string) =>
  readFileSync(f, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

const registered = (() => {
  const grid = readFileSync(path.join(root, 'shell/ui/src/grid.ts'), 'utf8');
  const list = grid.slice(grid.indexOf('registerModules(['));
  return new Set(list.slice(0, list.indexOf(']')).match(/\b[A-Z]\w+Module\b/g) ?? []);
})();

test('the tables are found (the check below reads something)', () => {
  assert.ok(gridFiles.length >= 8, gridFiles.join('\n'));
  assert.ok(registered.has('ClientSideRowModelModule'));
});

test('every ag-grid option the portal uses has its module registered (no "AG Grid: error #200")', () => {
  const missing: string[] = [];
  for (const file of gridFiles) {
    const text = code(file);
    for (const [option, module] of NEEDS)
      if (option.test(text) && !registered.has(module))
        missing.push(`${path.relative(root, file)}: ${option} needs ${module}`);
  }
  assert.deepEqual(missing, []);
});

test('no table sets cellClass or cellStyle: CellStyleModule stays out of the bundle (error #200 "CellStyle")', () => {
  const users = gridFiles.filter((f) => /\bcell(Class|ClassRules|Style)\s*:/.test(code(f)));
  assert.deepEqual(
    users.map((f) => path.relative(root, f)),
    [],
  );
  assert.ok(!registered.has('CellStyleModule'));
});

test('a table that selects rows is a light one (the grid registers no selection module)', () => {
  const pages = readdirSync(root)
    .filter((d) => d.startsWith('mfe-'))
    .flatMap((d) => sources(path.join(root, d, 'src')));
  const grids = pages.flatMap((f) =>
    [...code(f).matchAll(/<DataTable\b[\s\S]*?\/>/g)].map((m) => ({
      file: path.relative(root, f),
      jsx: m[0],
    })),
  );
  assert.ok(grids.length >= 8, 'the tables are found');
  const selecting = grids.filter((g) => /\bselectable\b/.test(g.jsx));
  assert.ok(selecting.length >= 1, 'a selecting table is found');
  assert.deepEqual(
    selecting.filter((g) => !/\blight\b/.test(g.jsx)).map((g) => g.file),
    [],
  );
});
