import ChevronRight from '@mui/icons-material/ChevronRight';
import Edit from '@mui/icons-material/Edit';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { useList } from 'react-admin';
import { formatDate, SEQUENCES, type SequenceRow } from '@portal/contracts';
import { useSaveThenReload } from '../common/adminFlow';
import { ListScreen, RowAction } from '../common/list';
import { useLoadErrorAlert } from '../common/useAlert';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import { listSequences } from './api';
import { groupSequences } from './grouping';
import { SequencePanel } from './SequencePanel';

const COLUMNS = 5;
const NO_COLUMNS: never[] = [];

/**
 * Admin > Sequence Numbering (administration document 2): a grid grouped by office name and
 * sorted by sequence name, an Edit cell per row, and a footer with Reload and
 * '{n} Sequence(s) found'. The list is small (a few sequences per office) and unpaged, so the
 * ListScreen frame holds a grouped grid of its own instead of the table.
 */
export default function SequencesPage({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('sequences.write');
  const query = useQuery({ queryKey: ['sequences'], queryFn: listSequences, staleTime: 0, refetchOnWindowFocus: false });
  const groups = useMemo(() => groupSequences(query.data ?? []), [query.data]);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [editing, setEditing] = useState<SequenceRow | null>(null);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const close = useCallback(() => setEditing(null), []);
  // The spec hides the sequence save's alert after 1000 ms; the panel closes with it.
  const flow = useSaveThenReload(close, reload, 1000);

  useLoadErrorAlert(query.error, SEQUENCES.loadError);
  const rows = query.data ?? [];
  const listContext = useList<SequenceRow>({ data: rows, isPending: query.isPending, isFetching: query.isFetching, resource: 'sequences' });
  const list = { listContext, rows, hasMore: false, loading: query.isFetching, loadingMore: false, loadMore: () => {}, reload };

  const toggle = (office: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(office)) next.delete(office);
      else next.add(office);
      return next;
    });

  return (
    <ListScreen
      resource="sequences"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={NO_COLUMNS}
      empty=""
      reloadInFooter
      countText={SEQUENCES.found(rows.length)}
      body={
        <>
          <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress />}</Box>
          {/* The grid scrolls inside the card, so the footer (Reload, count) stays in view. */}
          <Box sx={{ overflow: 'auto', maxHeight: { md: 'calc(100vh - 260px)' }, minHeight: 200 }}>
            <Table size="small" stickyHeader aria-label="Sequences" data-testid="sequence-grid">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 64 }}>Edit</TableCell>
                  <TableCell>Sequence Name</TableCell>
                  <TableCell>Division</TableCell>
                  <TableCell align="right">Current Number</TableCell>
                  <TableCell>Modified</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map((group) => {
                  const open = !collapsed.has(group.officeName);
                  return (
                    <Fragment key={group.officeName}>
                      <TableRow
                        data-testid="sequence-group"
                        data-office={group.officeName}
                        hover
                        onClick={() => toggle(group.officeName)}
                        sx={{ cursor: 'pointer', bgcolor: '#f1f5fb', '& td': { borderBottomColor: 'divider' } }}
                      >
                        <TableCell colSpan={COLUMNS} sx={{ py: 0.75 }}>
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                            <IconButton
                              size="small"
                              aria-label={open ? `Collapse ${group.officeName}` : `Expand ${group.officeName}`}
                              aria-expanded={open}
                            >
                              {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                            </IconButton>
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {group.officeName}
                            </Typography>
                            <Chip size="small" label={group.rows.length} sx={{ height: 20, fontSize: 12 }} />
                          </Box>
                        </TableCell>
                      </TableRow>
                      {open &&
                        group.rows.map((row) => (
                          <TableRow key={row.id} hover data-testid="sequence-row" data-office={row.officeName}>
                            <TableCell sx={{ py: 0.25 }}>
                              {canWrite && (
                                <RowAction
                                  label="Edit"
                                  icon={<Edit fontSize="small" />}
                                  color="primary"
                                  onClick={() => setEditing(row)}
                                  testId="row-edit"
                                />
                              )}
                            </TableCell>
                            <TableCell sx={{ pl: 4 }}>{row.sequenceName}</TableCell>
                            <TableCell>
                              {row.divisionName ?? (
                                <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                                  None
                                </Box>
                              )}
                            </TableCell>
                            <TableCell
                              align="right"
                              sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}
                              data-testid="sequence-number"
                            >
                              {row.sequenceNumber}
                            </TableCell>
                            <TableCell sx={{ color: 'text.secondary' }}>{formatDate(row.modifiedDate)}</TableCell>
                          </TableRow>
                        ))}
                    </Fragment>
                  );
                })}
                {!query.isPending && groups.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                      No sequences yet. They start with the first job or certificate of an office.
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Box>
        </>
      }
    >
      <SequencePanel sequence={editing} finishing={flow.finishing} onClose={flow.dismiss} onSaved={flow.saved} />
    </ListScreen>
  );
}
