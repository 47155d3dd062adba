import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DATA_FORM_TEXT, type ValueField } from '@portal/contracts';
import { blobKeysOf } from './formLogic';
import { fileUrl } from './upload';

const PASS_FAIL = {
  pass: { label: DATA_FORM_TEXT.pass, color: 'success' },
  fail: { label: DATA_FORM_TEXT.fail, color: 'error' },
  na: { label: DATA_FORM_TEXT.na, color: 'default' },
} as const;

/** A field's answer as text (or images and links), for display only. */
function Answer({ field, value }: { field: ValueField; value: unknown }) {
  const blank = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (blank) return <Typography color="text.disabled">—</Typography>;
  switch (field.kind) {
    case 'number':
      return <Typography>{`${String(value)}${field.unit ? ` ${field.unit}` : ''}`}</Typography>;
    case 'select':
      return <Typography>{field.options.find((o) => o.value === value)?.label ?? String(value)}</Typography>;
    case 'multiselect':
      return (
        <Typography>
          {(Array.isArray(value) ? value : []).map((v) => field.options.find((o) => o.value === v)?.label ?? String(v)).join(', ')}
        </Typography>
      );
    case 'yesno':
      return <Typography>{value === true ? DATA_FORM_TEXT.yes : DATA_FORM_TEXT.no}</Typography>;
    case 'passfail': {
      const shown = PASS_FAIL[value as keyof typeof PASS_FAIL];
      return shown ? (
        <Chip size="small" label={shown.label} color={shown.color} sx={{ fontWeight: 600 }} />
      ) : (
        <Typography>{String(value)}</Typography>
      );
    }
    case 'photo':
    case 'signature':
      return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {blobKeysOf(value).map((key, i) => (
            <Link key={key} href={fileUrl(key)} target="_blank" rel="noopener">
              <Box
                component="img"
                src={fileUrl(key)}
                alt={`${field.label} ${i + 1}`}
                loading="lazy"
                sx={{
                  height: field.kind === 'signature' ? 80 : 96,
                  maxWidth: 200,
                  objectFit: 'cover',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: '#fff',
                }}
              />
            </Link>
          ))}
        </Box>
      );
    case 'file':
      return (
        <Box>
          {blobKeysOf(value).map((key, i) => (
            <Link key={key} href={fileUrl(key)} target="_blank" rel="noopener" sx={{ display: 'block' }}>
              {`${field.label} ${i + 1}`}
            </Link>
          ))}
        </Box>
      );
    case 'textarea':
      return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Typography>;
    default:
      return <Typography>{String(value)}</Typography>;
  }
}

export function ReadOnlyValue({ field, value }: { field: ValueField; value: unknown }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {field.label}
      </Typography>
      <Answer field={field} value={value} />
    </Box>
  );
}
