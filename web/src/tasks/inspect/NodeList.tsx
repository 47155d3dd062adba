import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ItemResult } from '@portal/contracts';

export interface NodeEntry {
  id: string;
  name: string;
  description?: string;
  result?: ItemResult | null;
  /** A note under the name (a section's progress). */
  note?: string;
  /** Still needs something (a result, data or a defect): marked for the eye. */
  attention?: boolean;
}

const RESULT_ICON: Record<ItemResult, { icon: React.ReactElement; label: string }> = {
  pass: { icon: <CheckCircle fontSize="small" color="success" />, label: 'Pass' },
  fail: { icon: <Cancel fontSize="small" color="error" />, label: 'Fail' },
  na: { icon: <RemoveCircleOutline fontSize="small" color="disabled" />, label: 'Not applicable' },
};

/** The result mark of an item in the lists. */
export function ResultMark({ result }: { result: ItemResult | null | undefined }) {
  if (!result) return null;
  const { icon, label } = RESULT_ICON[result];
  return (
    <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex' }} data-testid={`result-${result}`}>
      {icon}
    </Box>
  );
}

/**
 * SECTIONS or ITEMS of the INSPECT tab (tasks document 2.3): a titled list, the chosen entry
 * marked, items with a help tooltip showing their description, the spec's empty text.
 */
export function NodeList({
  title,
  entries,
  selected,
  onSelect,
  empty,
  testId,
  action,
}: {
  title: string;
  entries: NodeEntry[];
  selected: string | null;
  onSelect(id: string): void;
  empty: string;
  testId: string;
  /** A button beside the title (ITEMS: Pass remaining items in this section). */
  action?: React.ReactNode;
}) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Typography variant="overline" component="h2" sx={{ px: 1.5, color: 'text.secondary', lineHeight: 2.2, flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {entries.length === 0 ? (
        <Typography sx={{ px: 1.5, py: 1 }} color="text.secondary" data-testid={`${testId}-empty`}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ overflowY: 'auto' }}>
          {entries.map((entry) => (
            <ListItem key={entry.id} disablePadding>
              <ListItemButton
                aria-current={entry.id === selected || undefined}
                selected={entry.id === selected}
                onClick={() => onSelect(entry.id)}
                data-testid={`${testId}-entry`}
                data-selected={entry.id === selected || undefined}
                sx={{ borderRadius: 1, mx: 0.5, gap: 1, alignItems: 'flex-start' }}
              >
                <ListItemText
                  primary={entry.name}
                  secondary={entry.note}
                  data-attention={entry.attention || undefined}
                  slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                  sx={{ my: 0.5 }}
                />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pt: 0.5 }}>
                  {entry.attention && !entry.result && <TodoMark />}
                  <ResultMark result={entry.result} />
                  {entry.description && <HelpTip text={entry.description} />}
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** An item that still needs its result, data or defect. */
function TodoMark() {
  return (
    <Box
      component="span"
      role="img"
      aria-label="Needs a result"
      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'warning.main', display: 'inline-block', mx: 0.5 }}
      data-testid="todo-mark"
    />
  );
}

/** The help tooltip of an item: its description. */
export function HelpTip({ text }: { text: string }) {
  return (
    <Tooltip title={text} arrow>
      <HelpOutline fontSize="small" color="action" aria-label={text} role="img" data-testid="item-help" />
    </Tooltip>
  );
}

/** The same choice on a phone: a dropdown, so nothing scrolls sideways. */
export function NodePicker({
  label,
  entries,
  selected,
  onSelect,
  empty,
  testId,
}: {
  label: string;
  entries: NodeEntry[];
  selected: string | null;
  onSelect(id: string): void;
  empty: string;
  testId: string;
}) {
  if (entries.length === 0)
    return (
      <Typography color="text.secondary" data-testid={`${testId}-empty`}>
        {empty}
      </Typography>
    );
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={selected ?? ''}
      onChange={(e) => onSelect(e.target.value)}
      data-testid={testId}
    >
      {entries.map((entry) => (
        <MenuItem key={entry.id} value={entry.id} sx={{ whiteSpace: 'normal' }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: '100%' }}>
            <span style={{ flex: 1 }}>{entry.name}</span>
            <ResultMark result={entry.result} />
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
