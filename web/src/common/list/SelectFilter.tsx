import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface Option {
  id: string | number;
  name: string;
}

/** A dropdown filter; the empty option clears it. */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
  emptyLabel = 'All',
  width = 180,
}: {
  label: string;
  value: string | number | '';
  options: Option[];
  onChange(value: string): void;
  emptyLabel?: string;
  width?: number;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      variant="outlined"
      margin="none"
      sx={{ width }}
      // The empty choice shows its label ('All Roles'...), so the filter always says what it lets through.
      slotProps={{ htmlInput: { 'aria-label': label }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
