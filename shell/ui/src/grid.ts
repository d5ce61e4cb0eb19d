import {
  ClientSideRowModelModule,
  CustomEditorModule,
  ModuleRegistry,
  PaginationModule,
  QuickFilterModule,
  RenderApiModule,
  RowAutoHeightModule,
  SelectEditorModule,
  TextEditorModule,
  themeQuartz,
} from 'ag-grid-community';

// Only the community modules the portal's tables use (keeps every bundle that shares @portal/ui small). A column
// option whose module is missing logs "AG Grid: error #200" and is ignored; the core (sort, resize, pinned columns,
// header components) needs none; no table uses cellClass/cellStyle (a renderer or the grid's CSS does it), so no
// CellStyleModule. No grid selects or drags rows (a list that selects is a light table: LightTable), so no
// RowSelectionModule or RowDragModule (~13 KB gzipped). ag-grid-community is one ES module, so every module named
// anywhere in a build lands in its one ag-grid chunk: only what the grids use is named at all.
// test/grid-modules.test.ts checks every option the MFEs' columns use has its module.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  PaginationModule,
  TextEditorModule,
  SelectEditorModule,
  CustomEditorModule,
  QuickFilterModule,
  RenderApiModule,
  // autoHeight (the order lists wrap names and addresses instead of cutting them)
  RowAutoHeightModule,
]);

export const gridTheme = themeQuartz.withParams({
  accentColor: 'var(--pu-primary)',
  fontFamily: 'inherit',
  fontSize: 14,
  headerBackgroundColor: 'var(--pu-surface-alt)',
  borderRadius: 4,
  wrapperBorderRadius: 6,
});
