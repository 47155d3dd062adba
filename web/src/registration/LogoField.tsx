import Box from '@mui/material/Box';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FILES, REGISTRATION } from '@portal/contracts/messages';
import { HttpError } from '../api/http';
import { ImageUploadBox, isAcceptedImage } from '../common/ImageUploadBox';
import { useAlert } from '../common/useAlert';
import { type CustomerLogo, getCustomerLogo, uploadCustomerLogo } from './api';

const dataUrl = (logo: CustomerLogo | undefined) =>
  logo?.loComanyLogo ? `data:${logo.fileType ?? 'image/png'};base64,${logo.loComanyLogo}` : null;

/** The spec's upload error, with the server's reason when it gives one (type, size). */
export function logoErrorText(error: unknown): string {
  const detail = error instanceof HttpError && error.status > 0 && error.status < 500 ? ` ${error.message}` : '';
  return `${REGISTRATION.uploadError}${detail}`;
}

/**
 * The customer's logo (.jpg or .png, at most 5,242,880 bytes, checked by content on the
 * server). Editing: uploaded at once through POST CustomerRegistration/uploadImage/{id}.
 * Adding: the chosen file waits (`pending`) and the panel uploads it once the customer exists.
 */
export function LogoField({
  customerId,
  pending,
  onPending,
}: {
  customerId: number | null;
  pending: File | null;
  onPending(file: File | null): void;
}) {
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const logo = useQuery({
    queryKey: ['customerLogo', customerId],
    queryFn: () => getCustomerLogo(customerId as number),
    enabled: customerId !== null,
    staleTime: 0,
  });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!pending) return setPreview(null);
    const url = URL.createObjectURL(pending);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [pending]);

  const choose = async (file: File) => {
    if (!isAcceptedImage(file)) {
      alert.saveError(`${REGISTRATION.uploadError} ${FILES.imageOnly}`);
      return;
    }
    if (customerId === null) {
      onPending(file);
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadCustomerLogo(customerId, file);
      queryClient.setQueryData(['customerLogo', customerId], answer);
    } catch (error) {
      alert.saveError(logoErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <ImageUploadBox
        label="Company Logo"
        emptyText="No logo"
        alt="Company logo"
        testId="logo"
        src={customerId === null ? preview : dataUrl(logo.data)}
        loading={customerId !== null && logo.isLoading}
        busy={busy}
        height={72}
        onFile={choose}
      />
    </Box>
  );
}
