import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useContext, useMemo } from 'react';
import { type RaRecord, useListContext } from 'react-admin';
import { cellOf, type ListColumn, textOf } from './columns';
import { BodyContext, groupLabel, groupRows } from './grouping';
import { type RowActionSpec, RowActions } from './RowActions';

const NONE_FOLDED: ReadonlySet<string> = new Set();

/**
 * The list on a phone: one card a row with the key fields (title, the line below, status in
 * the corner, a few labelled fields) and the row's actions in a menu.
 */
export function ListCards<R extends RaRecord>({
  columns,
  rowActions,
  empty,
}: {
  columns: ListColumn<R>[];
  rowActions?: (record: R) => RowActionSpec[];
  empty: ReactNode;
}) {
  const { data, isPending } = useListContext<R>();
  // Grouped (ListScreen's `grouping`): a heading with the count above each group's cards.
  const { grouping, rowTestId } = useContext(BodyContext);
  const items = useMemo(
    () => (grouping ? groupRows(data ?? [], grouping, NONE_FOLDED) : (data ?? []).map((record, index) => ({ record, index }))),
    [data, grouping],
  );
  const title = columns.find((c) => c.card === 'title') ?? columns[0];
  const subtitle = columns.filter((c) => c.card === 'subtitle');
  const status = columns.find((c) => c.card === 'status');
  const fields = columns.filter((c) => c.card === 'field');
  const card = (record: R) => (
    <Paper component="li" variant="outlined" key={record.id} data-testid={rowTestId ?? 'list-card'} sx={{ p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            // A long title (a task type's full name) takes a second line before it is cut.
            sx={{
              fontWeight: 600,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
            title={textOf(title, record)}
          >
            {cellOf(title, record)}
          </Typography>
          {subtitle.map((column) => (
            <Typography key={column.source} variant="body2" color="text.secondary" noWrap>
              {cellOf(column, record)}
            </Typography>
          ))}
        </Box>
        {status && <Box sx={{ flexShrink: 0 }}>{cellOf(status, record)}</Box>}
        {rowActions && <RowActions actions={rowActions(record)} menuOnly />}
      </Box>
      {fields.length > 0 && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 1, typography: 'body2' }}
        >
          {fields.map((column) => (
            <Box key={column.source} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {column.label}
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {(column.render && !column.text) || textOf(column, record) !== '' ? (
                  cellOf(column, record)
                ) : (
                  // A field with nothing in it yet (no certificate, no inspection date) says so.
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    —
                  </Box>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
  if (!isPending && (data ?? []).length === 0) {
    return <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>{empty}</Box>;
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }} data-testid="list-cards">
      {items.map((item) =>
        'group' in item ? (
          <Typography
            component="li"
            key={`group:${item.group}`}
            data-testid={grouping?.testId}
            data-group={item.group}
            sx={{ fontWeight: 600, px: 0.5, pt: 1 }}
          >
            {groupLabel(grouping!, item)}
          </Typography>
        ) : (
          card(item.record as R)
        ),
      )}
    </Box>
  );
}
