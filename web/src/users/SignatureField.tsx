import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { FILES, USERS } from '@portal/contracts/messages';
import { HttpError } from '../api/http';
import { ImageUploadBox, isAcceptedImage } from '../common/ImageUploadBox';
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
  const alert = useAlert();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!isAcceptedImage(file)) {
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
    <ImageUploadBox
      label="Signature"
      emptyText="No signature"
      alt="Signature"
      testId="signature"
      src={blobKey ? `/api/filedownload?id=${encodeURIComponent(blobKey)}` : null}
      busy={busy}
      height={64}
      onFile={upload}
      actions={
        blobKey && (
          <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={remove} disabled={busy} data-testid="signature-delete">
            Delete
          </Button>
        )
      }
    />
  );
}
