import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { DEFAULT_DISALLOWED_ASSET_CHARS, LOCKED_DISALLOWED_ASSET_CHARS, SHELL } from '@portal/contracts';
import { readDisallowedAssetChars, saveDisallowedAssetChars } from '../common/assetNameRules';

const NAMES: Record<string, string> = {
  '"': 'quote',
  "'": 'apostrophe',
  '<': 'less-than',
  '.': 'dot',
  '>': 'greater-than',
  '#': 'hash',
  '%': 'percent',
  '|': 'pipe',
  '/': 'slash',
  '\\': 'backslash',
  '&': 'ampersand',
};

/**
 * The Configuration panel of the user menu (LO-ADMIN only): which characters are disallowed
 * in asset names. Saved in this browser only; the hash option cannot be turned off.
 */
export function ConfigurationDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [selected, setSelected] = useState<string[]>(() => readDisallowedAssetChars());
  useEffect(() => {
    if (open) setSelected(readDisallowedAssetChars());
  }, [open]);
  const locked = LOCKED_DISALLOWED_ASSET_CHARS as readonly string[];

  const save = () => {
    saveDisallowedAssetChars(selected);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="configuration-title">
      <DialogTitle id="configuration-title">{SHELL.configuration}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Characters that may not be used in asset names. This setting is kept in this browser.
        </Typography>
        <FormControl fullWidth size="small">
          <InputLabel id="disallowed-label">Disallowed characters</InputLabel>
          <Select
            labelId="disallowed-label"
            multiple
            value={selected}
            onChange={(event) => {
              const value = event.target.value;
              const next = typeof value === 'string' ? value.split(',') : value;
              setSelected([...new Set([...next, ...locked])]);
            }}
            input={<OutlinedInput label="Disallowed characters" />}
            renderValue={(value) => value.join('  ')}
            data-testid="disallowed-select"
          >
            {DEFAULT_DISALLOWED_ASSET_CHARS.map((char) => (
              <MenuItem key={char} value={char} disabled={locked.includes(char)} data-testid={`disallowed-${NAMES[char]}`}>
                <Checkbox checked={selected.includes(char)} size="small" />
                <ListItemText primary={<code style={{ fontSize: 15 }}>{char}</code>} secondary={NAMES[char]} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{SHELL.cancel}</Button>
        <Button variant="contained" onClick={save}>
          {SHELL.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
