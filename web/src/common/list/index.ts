export { AddButton, LoadMoreButton, ReloadButton } from './ListButtons';
export { type CsvColumn, CsvExportButton } from './CsvExportButton';
export { ListCard } from './ListCard';
export { RowAction } from './RowAction';
export { SearchBox } from './SearchBox';
export { type Option, SelectFilter } from './SelectFilter';
export { SidePanel } from './SidePanel';
export { useLoadMoreList } from './useLoadMoreList';
export { WINDOW_FROM_ROWS, WindowedBody } from './WindowedBody';
