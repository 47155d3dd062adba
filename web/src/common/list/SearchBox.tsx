import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

/** A search box with a clear button; reports its value after the user pauses typing. */
export function SearchBox({
  label,
  value,
  onChange,
  width = 200,
  delay = 350,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  width?: number | string;
  delay?: number;
  /** Greyed out (a search over nothing: the library's file search without files). */
  disabled?: boolean;
}) {
  const [text, setText] = useState(value);
  // Typed but not yet reported: the list is about to change (browser tests wait for this).
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: string, immediate = false) => {
    setText(next);
    clearTimeout(timer.current);
    if (immediate) {
      setPending(false);
      onChange(next);
      return;
    }
    setPending(true);
    timer.current = setTimeout(() => {
      setPending(false);
      onChange(next.trim());
    }, delay);
  };
  return (
    <TextField
      label={label}
      value={text}
      onChange={(e) => change(e.target.value)}
      // The input's own value: the state may not have caught up with the last keystroke yet.
      onKeyDown={(e) => e.key === 'Enter' && change(e.currentTarget.querySelector('input')?.value.trim() ?? text.trim(), true)}
      size="small"
      variant="outlined"
      margin="none"
      disabled={disabled}
      sx={{ width }}
      slotProps={{
        htmlInput: { 'aria-label': label, maxLength: 200, 'data-pending': pending || undefined },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" color="action" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={`Clear ${label}`} onClick={() => change('', true)} edge="end">
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
