import type { SequenceRow } from '@portal/contracts';

export interface SequenceGroup {
  officeName: string;
  rows: SequenceRow[];
}

const byText = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '', undefined, { sensitivity: 'base' });

/**
 * The spec's grid: grouped by office name (the only grouping), sorted by sequence name within
 * a group. Rows of one sequence name are told apart by division, so that comes next.
 */
export function groupSequences(rows: SequenceRow[]): SequenceGroup[] {
  const groups = new Map<string, SequenceRow[]>();
  for (const row of rows) groups.set(row.officeName, [...(groups.get(row.officeName) ?? []), row]);
  return [...groups.entries()]
    .sort(([a], [b]) => byText(a, b))
    .map(([officeName, members]) => ({
      officeName,
      rows: [...members].sort((a, b) => byText(a.sequenceName, b.sequenceName) || byText(a.divisionName, b.divisionName)),
    }));
}
