import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useRef, useState } from 'react';
import { formatIsoDay, parseDayText } from './dates';

/**
 * The one date input of the portal: shows and takes the spec's date format (05-Mar-2026, as the
 * lists print dates) whatever the browser's locale, instead of the native input's mm/dd/yyyy.
 * It also takes an ISO day (2026-03-05) typed or pasted, and its calendar button opens the
 * browser's own calendar (a hidden native date input), so no picker library is loaded.
 * The value is an ISO day 'YYYY-MM-DD' or '' (as the native input's was), so forms keep theirs.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  testId,
  required,
  disabled,
  error,
  helperText,
  size = 'small',
  fullWidth,
  sx,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Earliest and latest ISO day allowed (the other end of a range). */
  min?: string;
  max?: string;
  /** data-testid of the text input. */
  testId?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: TextFieldProps['helperText'];
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: TextFieldProps['sx'];
}) {
  const [typing, setTyping] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const typed = typing === null ? null : parseDayText(typing);
  const outOfRange = (day: string) => (min !== undefined && min !== '' && day < min) || (max !== undefined && max !== '' && day > max);
  const problem =
    typing === null || typing.trim() === ''
      ? null
      : typed === null
        ? 'Use the format 05-Mar-2026'
        : outOfRange(typed)
          ? min && typed < min
            ? `Not before ${formatIsoDay(min)}`
            : `Not after ${formatIsoDay(max ?? '')}`
          : null;

  const take = (text: string) => {
    setTyping(text);
    if (text.trim() === '') return onChange('');
    const day = parseDayText(text);
    if (day !== null && !outOfRange(day)) onChange(day);
  };

  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
      input.click();
    }
  };

  return (
    <TextField
      size={size}
      fullWidth={fullWidth}
      label={label}
      required={required}
      disabled={disabled}
      value={typing ?? formatIsoDay(value)}
      onChange={(e) => take(e.target.value)}
      onFocus={() => setTyping(formatIsoDay(value))}
      onBlur={() => setTyping(null)}
      error={Boolean(error || problem)}
      helperText={problem ?? helperText}
      placeholder="DD-MMM-YYYY"
      sx={sx}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, inputMode: 'text', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton size="small" edge="end" aria-label={`Choose ${label}`} onClick={openCalendar} disabled={disabled}>
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                min={min || undefined}
                max={max || undefined}
                disabled={disabled}
                onChange={(e) => {
                  setTyping(null);
                  onChange(e.target.value);
                }}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
