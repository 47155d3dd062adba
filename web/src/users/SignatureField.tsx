import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Upload from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '@portal/contracts/limits';
import { FILES, USERS } from '@portal/contracts/messages';
import { HttpError } from '../api/http';
import { useAlert } from '../common/useAlert';
import { deleteSignature, uploadSignature } from './api';

/** Signature upload and delete (edit only): one .jpg or .png image up to 5,242,880 bytes. */
export function SignatureField({
  userId,
  blobKey,
  onChange,
}: {
  userId: number;
  blobKey: string | null;
  onChange(blobKey: string | null): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const alert = useAlert();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(jpe?g|png)$/i.test(file.name) || file.size > IMAGE_MAX_BYTES) {
      alert.saveError(FILES.invalidTypeOrSize);
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadSignature(userId, file);
      onChange(answer.blobKey);
      alert.success('Signature uploaded successfully');
    } catch (error) {
      alert.saveError(
        error instanceof HttpError && error.status < 500 ? `${USERS.signatureUploadError}: ${error.message}` : USERS.signatureUploadError,
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteSignature(userId);
      onChange(null);
    } catch (error) {
      alert.saveError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="signature">
      <Typography variant="caption" color="text.secondary">
        Signature
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 0.5 }}>
        <Box
          sx={{
            width: 160,
            height: 64,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#fff',
            overflow: 'hidden',
          }}
        >
          {blobKey ? (
            <Box
              component="img"
              src={`/api/filedownload?id=${encodeURIComponent(blobKey)}`}
              alt="Signature"
              sx={{ maxWidth: '100%', maxHeight: '100%' }}
              data-testid="signature-preview"
            />
          ) : (
            <Typography variant="caption" color="text.disabled">
              No signature
            </Typography>
          )}
        </Box>
        <input
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          hidden
          onChange={(e) => upload(e.target.files?.[0])}
          data-testid="signature-input"
        />
        <Button size="small" variant="outlined" startIcon={<Upload />} onClick={() => input.current?.click()} disabled={busy}>
          Upload
        </Button>
        {blobKey && (
          <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={remove} disabled={busy} data-testid="signature-delete">
            Delete
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        .jpg or .png, up to 5 MB
      </Typography>
    </Box>
  );
}
