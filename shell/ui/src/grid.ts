import {
  ClientSideRowModelModule,
  CustomEditorModule,
  ModuleRegistry,
  PaginationModule,
  QuickFilterModule,
  RenderApiModule,
  RowDragModule,
  RowSelectionModule,
  SelectEditorModule,
  TextEditorModule,
  themeQuartz,
} from 'ag-grid-community';

// Only the community modules DataTable uses (keeps every bundle that shares @portal/ui small).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  PaginationModule,
  RowSelectionModule,
  RowDragModule,
  TextEditorModule,
  SelectEditorModule,
  CustomEditorModule,
  QuickFilterModule,
  RenderApiModule,
]);

export const gridTheme = themeQuartz.withParams({
  accentColor: 'var(--pu-primary)',
  fontFamily: 'inherit',
  fontSize: 14,
  headerBackgroundColor: 'var(--pu-surface-alt)',
  borderRadius: 4,
  wrapperBorderRadius: 6,
});
