import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { GRID_TEXT } from '@portal/contracts';
import type { ResolvedLayout } from './layout';
import type { GridColumn } from './types';

export type SortDirection = 'asc' | 'desc' | false;

/**
 * A column's menu (the header's ⋮ button): sort, group, move and hide without a mouse drag,
 * for keyboard and touch users.
 */
export function ColumnMenu<R>({
  anchor,
  column,
  layout,
  sorted,
  onClose,
  onSort,
  onGroup,
  onMove,
  onHide,
}: {
  anchor: HTMLElement | null;
  column: GridColumn<R>;
  layout: ResolvedLayout;
  sorted: SortDirection;
  onClose(): void;
  onSort(direction: SortDirection): void;
  onGroup(grouped: boolean): void;
  onMove(step: -1 | 1): void;
  onHide(): void;
}) {
  const grouped = layout.grouping.includes(column.id);
  const shown = layout.order.filter((id) => !layout.hidden.has(id));
  const at = shown.indexOf(column.id);
  const act = (run: () => void) => () => {
    run();
    onClose();
  };
  const items = [];
  if (column.sortable !== false) {
    items.push(
      <MenuItem key="asc" selected={sorted === 'asc'} onClick={act(() => onSort('asc'))} data-testid="grid-menu-sort-asc">
        {GRID_TEXT.sortAsc}
      </MenuItem>,
      <MenuItem key="desc" selected={sorted === 'desc'} onClick={act(() => onSort('desc'))} data-testid="grid-menu-sort-desc">
        {GRID_TEXT.sortDesc}
      </MenuItem>,
    );
    if (sorted)
      items.push(
        <MenuItem key="clear" onClick={act(() => onSort(false))} data-testid="grid-menu-sort-clear">
          {GRID_TEXT.clearSort}
        </MenuItem>,
      );
    items.push(<Divider key="d1" />);
  }
  if (column.groupable !== false)
    items.push(
      <MenuItem key="group" onClick={act(() => onGroup(!grouped))} data-testid="grid-menu-group">
        {grouped ? GRID_TEXT.ungroup(column.label) : GRID_TEXT.groupBy(column.label)}
      </MenuItem>,
    );
  items.push(
    <MenuItem key="left" disabled={at <= 0} onClick={act(() => onMove(-1))} data-testid="grid-menu-left">
      {GRID_TEXT.moveLeft}
    </MenuItem>,
    <MenuItem key="right" disabled={at < 0 || at >= shown.length - 1} onClick={act(() => onMove(1))} data-testid="grid-menu-right">
      {GRID_TEXT.moveRight}
    </MenuItem>,
  );
  if (!column.pinned)
    items.push(
      <MenuItem key="hide" onClick={act(onHide)} data-testid="grid-menu-hide">
        {GRID_TEXT.hide}
      </MenuItem>,
    );
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} data-testid="grid-column-menu">
      {items}
    </Menu>
  );
}

/** The column picker (the strip's Columns button): show or hide each column; Reset layout. */
export function ColumnPickerMenu<R>({
  anchor,
  columns,
  layout,
  onClose,
  onToggle,
  onReset,
}: {
  anchor: HTMLElement | null;
  columns: GridColumn<R>[];
  layout: ResolvedLayout;
  onClose(): void;
  onToggle(id: string): void;
  onReset(): void;
}) {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const pickable = layout.order.map((id) => byId.get(id)).filter((c): c is GridColumn<R> => Boolean(c) && !c?.pinned);
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} data-testid="grid-columns-menu">
      {pickable.map((column) => (
        <MenuItem key={column.id} dense onClick={() => onToggle(column.id)} data-testid={`grid-pick-${column.id}`}>
          <ListItemIcon>
            <Checkbox size="small" edge="start" disableRipple tabIndex={-1} checked={!layout.hidden.has(column.id)} />
          </ListItemIcon>
          <ListItemText primary={column.label} />
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        dense
        onClick={() => {
          onReset();
          onClose();
        }}
        data-testid="grid-reset"
      >
        {GRID_TEXT.resetLayout}
      </MenuItem>
    </Menu>
  );
}
