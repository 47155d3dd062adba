import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatDate, JOB_PAGE_SIZE, type JobRow } from '@portal/contracts';
import { AddButton, type ListColumn, ListScreen, type RowActionSpec, SearchBox, SelectFilter, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import './api';
import { INITIAL_JOB_FILTER, type JobFilterState, statusChoices, toggled, toServerFilter } from './filters';
import { JobPanel } from './JobPanel';
import { JobStatusIcon, jobStatusLabel } from './JobStatusIcon';
import { cutComment, isLocked } from './jobForm';
import { JOB_TEXT, JOB_UI } from './texts';

const SORT_NONE = { field: 'id', order: 'DESC' } as const;
const SORT_START = { field: 'startDate', order: 'DESC' } as const;
/** The default sort (startDate descending) is applied to the loaded rows after this delay (shell document 9). */
const SORT_DELAY_MS = 1000;

function jobColumns(lite: boolean): ListColumn<JobRow>[] {
  return [
    ...(lite ? [{ source: 'id', label: 'ID', width: 70 } as ListColumn<JobRow>] : []),
    { source: 'jobNumber', label: 'Job Number', width: 150, card: 'title', pinned: true },
    { source: 'client', label: 'Client', width: 160, card: 'subtitle' },
    { source: 'site', label: 'Site', width: 150, card: 'field' },
    { source: 'inspector', label: 'Personnel', width: 150, card: 'field' },
    {
      source: 'comments',
      label: 'Comments',
      width: 130,
      text: (r) => r.comments ?? '',
      render: (r) => cutComment(r.comments),
    },
    { source: 'startDate', label: 'Start Date', width: 110, card: 'field', text: (r) => formatDate(r.startDate) },
    { source: 'quotationNumber', label: 'Quote / WO', width: 110 },
    {
      source: 'status',
      label: 'Status',
      width: 70,
      card: 'status',
      pinned: true,
      text: (r) => jobStatusLabel(r.status),
      render: (r) => <JobStatusIcon status={r.status} dayJobClosed={r.isDayJobClosed} />,
    },
    { source: 'type', label: 'Type', width: 70, hidden: true, text: (r) => (r.isDayJob ? 'Day Job' : r.type === 2 ? 'Job Lite' : 'Job') },
  ];
}

/**
 * Operations > Jobs and Job Lites (shell document 2): filters, Active/Inactive, column picker,
 * 'Total N of M Job(s) Loaded', Load More (500 jobs or 250 job lites a page), Add, the edit
 * action, and the four-step job panel.
 */
export function JobsDashboard({ title, crumbs, lite }: ScreenProps & { lite: boolean }) {
  // DECISIONS 4: Add is disabled without jobs.create, the Action column hidden without jobs.update.
  const addDisabled = !useCan('jobs.create');
  const canUpdate = useCan('jobs.update');
  const actionHidden = !canUpdate;
  const [filter, setFilter] = useState<JobFilterState>(INITIAL_JOB_FILTER);
  const serverFilter = useMemo(() => toServerFilter(filter), [filter]);
  const [sorted, setSorted] = useState(false);
  const list = useLoadMoreList<JobRow>({
    resource: lite ? 'jobLites' : 'jobs',
    filter: serverFilter,
    pageSize: lite ? JOB_PAGE_SIZE.jobLites : JOB_PAGE_SIZE.jobs,
    sort: SORT_NONE,
    clientSort: sorted ? SORT_START : SORT_NONE,
    loadError: JOB_TEXT.loadError,
  });
  const loadedCount = list.rows.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default sort follows each load
  useEffect(() => {
    setSorted(false);
    const timer = setTimeout(() => setSorted(true), SORT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadedCount, serverFilter]);
  const [panel, setPanel] = useState<{ job: JobRow | null } | null>(null);
  const columns = useMemo(() => jobColumns(lite), [lite]);
  const actions = useCallback(
    (job: JobRow): RowActionSpec[] =>
      // A closed or cancelled job opens read only (Save, task and asset adding locked).
      actionHidden || !(job.can.edit || (canUpdate && isLocked(job.status)))
        ? []
        : [{ key: 'edit', label: 'Edit', icon: <Edit fontSize="small" />, onClick: () => setPanel({ job }) }],
    [actionHidden, canUpdate],
  );
  const total = list.total;

  return (
    <ListScreen
      resource={lite ? 'jobLites' : 'jobs'}
      title={title}
      crumbs={crumbs}
      list={list}
      columns={columns}
      rowActions={actions}
      windowed
      actions={
        addDisabled ? (
          <Tooltip title="Your role may not add jobs">
            <span>
              <AddButton onClick={() => undefined} disabled />
            </span>
          </Tooltip>
        ) : (
          <AddButton onClick={() => setPanel({ job: null })} />
        )
      }
      countText={total === undefined ? undefined : JOB_TEXT.totalLoaded(list.rows.length, total)}
      empty={JOB_UI.empty}
      filters={
        <>
          <SelectFilter
            label="Status"
            value={filter.status}
            options={statusChoices(filter.active)}
            onChange={(status) => setFilter({ ...filter, status })}
            emptyLabel={filter.active ? 'All Active' : 'All Inactive'}
            width={150}
          />
          <SearchBox
            label="Job Number"
            value={filter.jobNumber}
            onChange={(jobNumber) => setFilter({ ...filter, jobNumber })}
            width={170}
          />
          <SearchBox label="Client" value={filter.client} onChange={(client) => setFilter({ ...filter, client })} width={170} />
          <SearchBox label="Site" value={filter.site} onChange={(site) => setFilter({ ...filter, site })} width={160} />
          <SearchBox
            label="Quotation Number"
            value={filter.quotationNumber}
            onChange={(quotationNumber) => setFilter({ ...filter, quotationNumber })}
            width={180}
          />
        </>
      }
      toggles={
        <Button variant="text" onClick={() => setFilter(toggled(filter))} data-testid="toggle-active">
          {filter.active ? JOB_UI.showInactive : JOB_UI.showActive}
        </Button>
      }
    >
      <JobPanel
        open={panel !== null}
        job={panel?.job ?? null}
        lite={lite}
        onClose={() => setPanel(null)}
        onSaved={() => {
          setPanel(null);
          list.reload();
        }}
      />
    </ListScreen>
  );
}

export default function JobsPage(props: ScreenProps) {
  return <JobsDashboard {...props} lite={false} />;
}
