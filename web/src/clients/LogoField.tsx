import Upload from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '@portal/contracts/limits';
import { FILES, LOCATIONS } from '@portal/contracts/messages';
import { HttpError } from '../api/http';
import { useAlert } from '../common/useAlert';
import { type ClientLogo, getClientLogo, uploadClientLogo } from './api';

const dataUrl = (logo: ClientLogo | undefined) =>
  logo?.clientLogoFile ? `data:${logo.clientLogoType ?? 'image/png'};base64,${logo.clientLogoFile}` : null;

/**
 * A client company's logo (administration document 5): the current one from
 * GET /api/Location/getImage/{id}, replaced by one .jpg or .png of at most 5,242,880 bytes
 * (field imageFile). Shown only to the four privileged roles, and only when editing a client.
 */
export function LogoField({ clientId }: { clientId: number }) {
  const input = useRef<HTMLInputElement>(null);
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const logo = useQuery({ queryKey: ['clientLogo', clientId], queryFn: () => getClientLogo(clientId), staleTime: 0 });
  const src = dataUrl(logo.data);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(jpe?g|png)$/i.test(file.name) || file.size > IMAGE_MAX_BYTES) {
      alert.saveError(`${LOCATIONS.logoUploadError} ${FILES.imageOnly}`);
      if (input.current) input.current.value = '';
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadClientLogo(clientId, file);
      queryClient.setQueryData(['clientLogo', clientId], answer);
      alert.success(LOCATIONS.logoSaved);
    } catch (error) {
      // A refusal the server explains (type, size, rights) keeps its text after the spec's one.
      const detail = error instanceof HttpError && error.status > 0 && error.status < 500 ? ` ${error.message}` : '';
      alert.saveError(`${LOCATIONS.logoUploadError}${detail}`);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }} data-testid="logo">
      <Typography variant="caption" color="text.secondary">
        Client Logo
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 0.5 }}>
        <Box
          sx={{
            width: 160,
            height: 72,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#fff',
            overflow: 'hidden',
          }}
        >
          {logo.isLoading ? (
            <CircularProgress size={20} />
          ) : src ? (
            <Box component="img" src={src} alt="Client logo" sx={{ maxWidth: '100%', maxHeight: '100%' }} data-testid="logo-preview" />
          ) : (
            <Typography variant="caption" color="text.disabled" data-testid="logo-empty">
              No logo
            </Typography>
          )}
        </Box>
        <input
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          hidden
          onChange={(e) => upload(e.target.files?.[0])}
          data-testid="logo-input"
        />
        <Button
          size="small"
          variant="outlined"
          startIcon={busy ? <CircularProgress size={14} /> : <Upload />}
          onClick={() => input.current?.click()}
          disabled={busy}
          data-testid="logo-upload"
        >
          {src ? 'Replace' : 'Upload'}
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary">
        .jpg or .png, up to 5 MB
      </Typography>
    </Box>
  );
}
