import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { createContext, type ReactNode, useCallback, useState } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * ListScreen's grouping slot: rows grouped under a header row (the group's name and its
 * count), groups A to Z, each group's rows in the list's order. Keep it stable (a module
 * constant or useMemo).
 */
export interface ListGrouping<R> {
  /** The group of a row (its asset type, its office...). */
  of(record: R): string;
  /** The header's content; by default 'Name (N)'. */
  label?: (group: string, count: number) => ReactNode;
  /** The header row's test id (it also carries `data-group`). */
  testId?: string;
  /** A click on the header folds its rows away and back. */
  collapsible?: boolean;
}

/** What the table's body reads of the screen besides the rows: the grouping and the rows' test id. */
export interface BodyOptions {
  grouping?: ListGrouping<RaRecord>;
  rowTestId?: string;
}
export const BodyContext = createContext<BodyOptions>({});

export type BodyItem<R> = { group: string; count: number; open: boolean } | { record: R; index: number };

/** The rows under their group headers; the rows of a folded group left out. */
export function groupRows<R>(rows: R[], grouping: ListGrouping<R>, folded: ReadonlySet<string>): BodyItem<R>[] {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const key = grouping.of(row);
    const members = groups.get(key);
    if (members) members.push(row);
    else groups.set(key, [row]);
  }
  const items: BodyItem<R>[] = [];
  let index = 0;
  for (const [group, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const open = !folded.has(group);
    items.push({ group, count: members.length, open });
    if (open) for (const record of members) items.push({ record, index: index++ });
  }
  return items;
}

/** The groups folded away, and the toggle of one. */
export function useFolded() {
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (group: string) =>
      setFolded((previous) => {
        const next = new Set(previous);
        if (next.has(group)) next.delete(group);
        else next.add(group);
        return next;
      }),
    [],
  );
  return { folded, toggle };
}

/** A group header's content: the grouping's label, by default 'Name (N)'. */
export const groupLabel = (grouping: ListGrouping<RaRecord>, item: { group: string; count: number }): ReactNode =>
  grouping.label ? grouping.label(item.group, item.count) : `${item.group} (${item.count})`;

/** A group's header row across the table. */
export function GroupRow({
  item,
  columns,
  grouping,
  onToggle,
}: {
  item: { group: string; count: number; open: boolean };
  columns: number;
  grouping: ListGrouping<RaRecord>;
  onToggle(group: string): void;
}) {
  const label = groupLabel(grouping, item);
  const Icon = item.open ? ExpandMore : ChevronRight;
  return (
    <tr
      data-testid={grouping.testId}
      data-group={item.group}
      className="list-group"
      onClick={grouping.collapsible ? () => onToggle(item.group) : undefined}
      style={grouping.collapsible ? { cursor: 'pointer' } : undefined}
    >
      <td colSpan={columns} style={{ fontWeight: 600, backgroundColor: '#f1f5fb' }}>
        {grouping.collapsible ? (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <button
              type="button"
              className="list-group-toggle"
              aria-label={`${item.open ? 'Collapse' : 'Expand'} ${item.group}`}
              aria-expanded={item.open}
              style={{ border: 0, background: 'none', padding: 2, display: 'inline-flex', cursor: 'pointer', color: 'inherit' }}
            >
              <Icon fontSize="small" />
            </button>
            {label}
          </span>
        ) : (
          label
        )}
      </td>
    </tr>
  );
}
