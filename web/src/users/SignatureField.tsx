import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { FILES, PROFILE, SHELL, USERS } from '@portal/contracts/messages';
import { HttpError } from '../api/http';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ImageUploadBox, isAcceptedImage } from '../common/ImageUploadBox';
import { useAlert } from '../common/useAlert';
import { deleteSignature, uploadSignature } from './api';

/** Where a signature goes: a user's (administration, by id) or one's own (My profile). */
export interface SignatureApi {
  upload(file: File): Promise<{ blobKey: string }>;
  remove(): Promise<unknown>;
}

/** The administration's calls for a user's signature (`/api/Users/signature/{userId}`). */
export const userSignatureApi = (userId: number): SignatureApi => ({
  upload: (file) => uploadSignature(userId, file),
  remove: () => deleteSignature(userId),
});

/**
 * Signature upload and delete: one .jpg or .png image up to 5,242,880 bytes, saved at once
 * (not with a form). `confirmRemove` asks first, with the profile's text (ours).
 */
export function SignatureField({
  api,
  blobKey,
  onChange,
  confirmRemove = false,
  removeText = PROFILE.removeText,
  label = 'Signature',
  deleteLabel = 'Delete',
}: {
  api: SignatureApi;
  blobKey: string | null;
  onChange(blobKey: string | null): void;
  confirmRemove?: boolean;
  /** The confirm's text, when `confirmRemove`. */
  removeText?: string;
  label?: string;
  deleteLabel?: string;
}) {
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const upload = async (file: File) => {
    if (!isAcceptedImage(file)) {
      alert.saveError(FILES.invalidTypeOrSize);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.upload(file);
      onChange(answer.blobKey);
      alert.success(PROFILE.signatureUploaded);
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
      await api.remove();
      onChange(null);
      if (confirmRemove) alert.success(USERS.signatureRemoved);
    } catch (error) {
      alert.saveError(error instanceof HttpError && error.status < 500 ? error.message : PROFILE.removeError);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <ImageUploadBox
        label={label}
        emptyText={PROFILE.noSignature}
        alt="Signature"
        testId="signature"
        src={blobKey ? `/api/filedownload?id=${encodeURIComponent(blobKey)}` : null}
        busy={busy}
        height={64}
        onFile={upload}
        actions={
          blobKey && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={confirmRemove ? () => setConfirming(true) : remove}
              disabled={busy}
              data-testid="signature-delete"
            >
              {deleteLabel}
            </Button>
          )
        }
      />
      {confirmRemove && (
        <ConfirmDialog
          open={confirming}
          title={PROFILE.removeTitle}
          content={removeText}
          confirm={PROFILE.removeSignature}
          cancel={SHELL.cancel}
          loading={busy}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
