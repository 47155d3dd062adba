import Box from '@mui/material/Box';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FILES, LOCATIONS } from '@portal/contracts/messages';
import { HttpError } from '../api/http';
import { ImageUploadBox, isAcceptedImage } from '../common/ImageUploadBox';
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
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const logo = useQuery({ queryKey: ['clientLogo', clientId], queryFn: () => getClientLogo(clientId), staleTime: 0 });

  const upload = async (file: File) => {
    if (!isAcceptedImage(file)) {
      alert.saveError(`${LOCATIONS.logoUploadError} ${FILES.imageOnly}`);
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
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <ImageUploadBox
        label="Client Logo"
        emptyText="No logo"
        alt="Client logo"
        testId="logo"
        src={dataUrl(logo.data)}
        loading={logo.isLoading}
        busy={busy}
        height={72}
        onFile={upload}
      />
    </Box>
  );
}
