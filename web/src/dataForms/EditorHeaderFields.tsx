import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DATA_FORM_EDITOR } from '@portal/contracts/dataForms/editorMessages';
import { FORM_OBJECTS, FORM_TYPES } from '@portal/contracts/dataForms/schemas';
import type { EditorHeader, headerProblems } from './editorForm';

/** Name, Form Object (required), Form Type, and Multiple Forms Min and Max with their bounds. */
export function EditorHeaderFields({
  header,
  problems,
  onChange,
}: {
  header: EditorHeader;
  problems: ReturnType<typeof headerProblems>;
  onChange(header: EditorHeader): void;
}) {
  const field = (key: keyof EditorHeader) => ({
    value: header[key] ?? '',
    onChange: (e: { target: { value: string } }) => onChange({ ...header, [key]: e.target.value }),
    error: Boolean(problems[key]) && (key !== 'formObject' || header.formObject !== ''),
    helperText: key === 'formObject' && header.formObject === '' ? undefined : problems[key],
    size: 'small' as const,
  });
  const min = Number(header.samplesMin);
  const max = Number(header.samplesMax);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(200px, 2fr) minmax(150px, 1.2fr) minmax(120px, 1fr) auto' },
        gap: 1.5,
        alignItems: 'start',
      }}
      data-testid="form-header"
    >
      <TextField
        label={DATA_FORM_EDITOR.name}
        required
        {...field('name')}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        slotProps={{ htmlInput: { 'data-testid': 'form-name', maxLength: 200 } }}
      />
      <TextField
        select
        label={DATA_FORM_EDITOR.formObject}
        required
        {...field('formObject')}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'form-object' } as object } }}
      >
        {FORM_OBJECTS.map((c) => (
          <MenuItem key={c.value} value={c.value} disabled={!c.enabled}>
            {c.value}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={DATA_FORM_EDITOR.formType}
        {...field('formType')}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'form-type' } as object } }}
      >
        {FORM_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <Typography component="legend" variant="caption" color="text.secondary" sx={{ display: 'none' }}>
          {DATA_FORM_EDITOR.multipleForms}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            label={`${DATA_FORM_EDITOR.samplesMin}`}
            type="number"
            {...field('samplesMin')}
            slotProps={{ htmlInput: { min: 1, max: Number.isFinite(max) ? max : undefined, step: 1, 'data-testid': 'form-min' } }}
            sx={{ width: { xs: '50%', md: 96 } }}
          />
          <TextField
            label={`${DATA_FORM_EDITOR.samplesMax}`}
            type="number"
            {...field('samplesMax')}
            slotProps={{ htmlInput: { min: Number.isFinite(min) ? Math.max(1, min) : 1, step: 1, 'data-testid': 'form-max' } }}
            sx={{ width: { xs: '50%', md: 96 } }}
          />
        </Box>
      </Box>
    </Box>
  );
}
