import Upload from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useRef } from 'react';
import { IMAGE_MAX_BYTES } from '@portal/contracts/limits';

/** The browser's own check before an image upload: a .jpg/.jpeg/.png name and at most 5 MB. The server checks the content. */
export const isAcceptedImage = (file: File) => /\.(jpe?g|png)$/i.test(file.name) && file.size <= IMAGE_MAX_BYTES;

/**
 * The frame of a single-image upload (client logo, user signature): a caption, the preview
 * (or a spinner, or "No <what>"), a hidden file input behind an Upload/Replace button, room for
 * more actions, and the accepted kinds. Test ids are `<testId>`, `-preview`, `-empty`,
 * `-input` and `-upload`.
 */
export function ImageUploadBox({
  label,
  emptyText,
  alt,
  testId,
  src,
  loading = false,
  busy,
  height,
  onFile,
  actions,
}: {
  label: string;
  emptyText: string;
  alt: string;
  testId: string;
  src: string | null;
  loading?: boolean;
  busy: boolean;
  height: number;
  /** The chosen file; the input is cleared afterwards, so the same file can be chosen again. */
  onFile(file: File): void | Promise<void>;
  actions?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 0.5 }}>
        <Box
          sx={{
            width: 160,
            height,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#fff',
            overflow: 'hidden',
          }}
        >
          {loading ? (
            <CircularProgress size={20} />
          ) : src ? (
            <Box component="img" src={src} alt={alt} sx={{ maxWidth: '100%', maxHeight: '100%' }} data-testid={`${testId}-preview`} />
          ) : (
            <Typography variant="caption" color="text.disabled" data-testid={`${testId}-empty`}>
              {emptyText}
            </Typography>
          )}
        </Box>
        <input
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          hidden
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            try {
              await onFile(file);
            } finally {
              if (input.current) input.current.value = '';
            }
          }}
          data-testid={`${testId}-input`}
        />
        <Button
          size="small"
          variant="outlined"
          startIcon={busy ? <CircularProgress size={14} /> : <Upload />}
          onClick={() => input.current?.click()}
          disabled={busy}
          data-testid={`${testId}-upload`}
        >
          {src ? 'Replace' : 'Upload'}
        </Button>
        {actions}
      </Box>
      <Typography variant="caption" color="text.secondary">
        .jpg or .png, up to 5 MB
      </Typography>
    </Box>
  );
}
