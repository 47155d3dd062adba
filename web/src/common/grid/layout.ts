import { GRID_GROUPING_MAX, GRID_WIDTH_MAX, GRID_WIDTH_MIN, type GridState } from '@portal/contracts';
import { DEFAULT_COLUMN_WIDTH, type GridColumn } from './types';

/**
 * A grid's layout (order, widths, grouping, hidden) as saved on the server (contracts
 * `GridState`), and the pure steps the grid's header, menus and group strip take on it. A
 * saved layout is always read against the screen's current columns: unknown ids are dropped,
 * new columns join at the end, so a screen may add or remove columns without breaking anyone's
 * saved layout.
 */

export const emptyLayout = (): GridState => ({ order: [], widths: {}, grouping: [], hidden: [], shown: [] });

export interface ResolvedLayout {
  /** Every column id in display order. */
  order: string[];
  widths: Record<string, number>;
  grouping: string[];
  /** Ids not shown. */
  hidden: Set<string>;
}

export const clampWidth = (width: number) => Math.round(Math.min(GRID_WIDTH_MAX, Math.max(GRID_WIDTH_MIN, width)));

/** The saved layout read against the columns. */
export function resolveLayout<R>(columns: GridColumn<R>[], state: GridState): ResolvedLayout {
  const ids = new Set(columns.map((c) => c.id));
  const order = state.order.filter((id, i) => ids.has(id) && state.order.indexOf(id) === i);
  for (const c of columns) if (!order.includes(c.id)) order.push(c.id);
  const widths: Record<string, number> = {};
  for (const c of columns) {
    const saved = Object.hasOwn(state.widths, c.id) ? state.widths[c.id] : undefined;
    widths[c.id] = clampWidth(saved ?? c.width ?? DEFAULT_COLUMN_WIDTH);
  }
  const groupable = new Set(columns.filter((c) => c.groupable !== false).map((c) => c.id));
  const grouping = state.grouping.filter((id, i) => groupable.has(id) && state.grouping.indexOf(id) === i).slice(0, GRID_GROUPING_MAX);
  const shown = new Set(state.shown ?? []);
  const hidden = new Set<string>();
  for (const c of columns) {
    if (c.pinned) continue;
    if (c.hidden ? !shown.has(c.id) : state.hidden.includes(c.id)) hidden.add(c.id);
  }
  return { order, widths, grouping, hidden };
}

/** Moves `id` to where `target` is (before it when coming from the right, after it when coming from the left). */
export function moveColumn(order: string[], id: string, target: string): string[] {
  const from = order.indexOf(id);
  const to = order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return order;
  const next = order.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/** Moves `id` one place left (-1) or right (+1) among the shown columns. */
export function stepColumn(order: string[], hidden: Set<string>, id: string, step: -1 | 1): string[] {
  const shown = order.filter((x) => !hidden.has(x));
  const at = shown.indexOf(id);
  const neighbour = shown[at + step];
  return neighbour === undefined ? order : moveColumn(order, id, neighbour);
}

/** Adds a grouping level (at the end, or before `before`); a column already grouped moves. */
export function addGrouping(grouping: string[], id: string, before?: string): string[] {
  const next = grouping.filter((x) => x !== id);
  const at = before === undefined ? -1 : next.indexOf(before);
  if (at < 0) next.push(id);
  else next.splice(at, 0, id);
  return next.slice(0, GRID_GROUPING_MAX);
}

/** The state to save after a change of the resolved layout. */
export function toState<R>(columns: GridColumn<R>[], layout: ResolvedLayout): GridState {
  const widths: Record<string, number> = {};
  for (const c of columns) {
    const width = layout.widths[c.id];
    if (width !== undefined && width !== clampWidth(c.width ?? DEFAULT_COLUMN_WIDTH)) widths[c.id] = width;
  }
  return {
    order: layout.order,
    widths,
    grouping: layout.grouping,
    hidden: columns.filter((c) => !c.hidden && !c.pinned && layout.hidden.has(c.id)).map((c) => c.id),
    shown: columns.filter((c) => c.hidden && !c.pinned && !layout.hidden.has(c.id)).map((c) => c.id),
  };
}
