import type { TaskTypeRow } from '@portal/contracts';

/** The dashboard's client-side filters (administration document, "Task type dashboard"). */
export interface TaskTypeFilter {
  /** A division id, or '' for every division. */
  division?: string;
  name?: string;
  referenceStandard?: string;
  inspectionMethod?: string;
  /** Months, matched exactly; '' for any. */
  validity?: string;
}

const contains = (value: string | null, wanted: string | undefined) => {
  const text = wanted?.trim().toLowerCase();
  return !text || (value ?? '').toLowerCase().includes(text);
};

/** Division and validity exact; name, reference standard and inspection method contain (any case). */
export function filterTaskTypes(rows: TaskTypeRow[], filter: TaskTypeFilter = {}): TaskTypeRow[] {
  const validity = filter.validity?.trim() ? Number(filter.validity) : null;
  return rows.filter(
    (r) =>
      (!filter.division || String(r.divisionId) === filter.division) &&
      contains(r.name, filter.name) &&
      contains(r.referenceStandard, filter.referenceStandard) &&
      contains(r.inspectionMethod, filter.inspectionMethod) &&
      (validity === null || r.validity === validity),
  );
}
