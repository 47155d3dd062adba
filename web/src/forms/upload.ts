import type { FormFileAnswer } from '@portal/contracts';
import { uploadFiles } from '../api/upload';

/** What a form upload is: a field's photo, file or signature, or an attachment of a checklist item's Files list. */
export type UploadKind = 'photo' | 'file' | 'signature' | 'attachment';

/** What a form's upload field needs back: the stored file's key (kept in the values) and its name. */
export interface UploadedFile {
  blobKey: string;
  fileName: string;
}

/**
 * `POST /api/Setting/formfile`: one file in the part `file` (api/upload). `onProgress` gets
 * 0..1; errors carry the server's text.
 */
export function uploadFormFile(
  file: File,
  onProgress: (fraction: number) => void,
  kind: UploadKind = 'file',
  signal?: AbortSignal,
): Promise<FormFileAnswer> {
  return uploadFiles({
    url: `/api/Setting/formfile?kind=${kind}`,
    files: [['file', file]],
    onProgress,
    signal,
    accept: (body) => (typeof body.blobKey === 'string' ? (body as unknown as FormFileAnswer) : undefined),
  });
}

/** Where a stored file is shown or downloaded. */
export const fileUrl = (blobKey: string, download = false) =>
  `/api/filedownload?id=${encodeURIComponent(blobKey)}${download ? '&download=true' : ''}`;
