export { DataGrid, type DataGridProps, GRID_ROW_HEIGHT, type GridSort } from './DataGrid';
export { type GridColumn, textOf, sortValueOf } from './types';
export { type GridLayout, useGridLayout } from './useGridLayout';
export { addGrouping, emptyLayout, moveColumn, type ResolvedLayout, resolveLayout, stepColumn, toState } from './layout';
