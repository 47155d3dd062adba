import type { FormFileAnswer } from '@portal/contracts';
import { HttpError } from '../api/http';

/** What a form upload is: a field's photo, file or signature, or an attachment of a checklist item's Files list. */
export type UploadKind = 'photo' | 'file' | 'signature' | 'attachment';

/** What a form's upload field needs back: the stored file's key (kept in the values) and its name. */
export interface UploadedFile {
  blobKey: string;
  fileName: string;
}

/**
 * `POST /api/Setting/formfile`: one file in the part `file`, through XMLHttpRequest because
 * fetch reports no upload progress. `onProgress` gets 0..1; errors carry the server's text.
 */
export function uploadFormFile(file: File, onProgress: (fraction: number) => void, kind: UploadKind = 'file'): Promise<FormFileAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/Setting/formfile?kind=${kind}`);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    request.onerror = () => reject(new HttpError(0, 'The server cannot be reached. Check your connection and try again'));
    request.onload = () => {
      let body: { error?: string; fields?: Record<string, string> } & Partial<FormFileAnswer> = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      if (request.status >= 200 && request.status < 300 && typeof body.blobKey === 'string') {
        onProgress(1);
        resolve(body as FormFileAnswer);
      } else reject(new HttpError(request.status, body.error ?? `Request failed (${request.status})`, body.fields, body));
    };
    const data = new FormData();
    data.append('file', file, file.name);
    request.send(data);
  });
}

/** Where a stored file is shown or downloaded. */
export const fileUrl = (blobKey: string, download = false) =>
  `/api/filedownload?id=${encodeURIComponent(blobKey)}${download ? '&download=true' : ''}`;
