import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewWeek from '@mui/icons-material/ViewWeek';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useStore } from 'react-admin';
import { SHELL } from '@portal/contracts';
import type { ListColumn } from './columns';

/** Above this many columns the picker has a box to find one by name. */
const SEARCH_FROM = 6;

/**
 * The column picker of a ListScreen: shows and hides the table's columns (pinned ones are not
 * offered). It keeps the choice where react-admin's DataTable reads it (the store at
 * `storeKey`, the sources of the hidden columns), and Reset goes back to the area's default.
 *
 * It replaces react-admin's ColumnsButton, whose popover is always mounted with a switch per
 * column and a search box that takes focus: that cost every list a few dozen components and a
 * forced style pass each time it opened. This one renders its list only while it is open.
 */
export function ColumnsPicker<R>({
  storeKey,
  columns,
  defaultHidden,
}: {
  storeKey: string;
  columns: ListColumn<R>[];
  defaultHidden: string[];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewWeek />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? id : undefined}
      >
        {SHELL.columns}
      </Button>
      <Popover
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      >
        {anchor && <ColumnsList storeKey={storeKey} columns={columns} defaultHidden={defaultHidden} />}
      </Popover>
    </>
  );
}

function ColumnsList<R>({ storeKey, columns, defaultHidden }: { storeKey: string; columns: ListColumn<R>[]; defaultHidden: string[] }) {
  const [hidden, setHidden] = useStore<string[]>(storeKey, defaultHidden);
  const [, setRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const [search, setSearch] = useState('');
  const offered = columns.filter((column) => !column.pinned);
  const needle = search.trim().toLowerCase();
  const shown = needle ? offered.filter((column) => column.label.toLowerCase().includes(needle)) : offered;
  const toggle = (source: string) => setHidden(hidden.includes(source) ? hidden.filter((s) => s !== source) : [...hidden, source]);
  return (
    <Box sx={{ px: 1, pt: 1, minWidth: 220 }}>
      {offered.length >= SEARCH_FROM && (
        <TextField
          size="small"
          fullWidth
          autoFocus
          placeholder={SHELL.searchColumns}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': SHELL.searchColumns } }}
        />
      )}
      <MenuList dense aria-label={SHELL.columns}>
        {shown.map((column) => {
          const visible = !hidden.includes(column.source);
          return (
            <MenuItem key={column.source} role="menuitemcheckbox" aria-checked={visible} onClick={() => toggle(column.source)}>
              <ListItemIcon>
                {visible ? <CheckBox fontSize="small" color="primary" /> : <CheckBoxOutlineBlank fontSize="small" />}
              </ListItemIcon>
              <ListItemText primary={column.label} />
            </MenuItem>
          );
        })}
      </MenuList>
      <Box sx={{ textAlign: 'center', mb: 1 }}>
        <Button
          size="small"
          onClick={() => {
            setRanks(undefined);
            setHidden(defaultHidden);
          }}
        >
          {SHELL.resetColumns}
        </Button>
      </Box>
    </Box>
  );
}
