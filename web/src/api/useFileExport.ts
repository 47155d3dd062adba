import { useState } from 'react';
import { useAlert } from '../common/useAlert';
import { buildUrl, HttpError } from './http';

/**
 * Export to Excel (or any file the server makes): asks `path` with `query`, saves the answer
 * under the server's file name (Content-Disposition; `fallbackName` otherwise), and shows
 * `errorText` when it fails. `query` null: nothing to export yet (the button stays idle).
 */
export function useFileExport(
  path: string,
  query: Record<string, string | number | undefined> | null,
  fallbackName: string,
  errorText: string,
) {
  const alert = useAlert();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const response = await fetch(buildUrl(path, query), { credentials: 'same-origin' });
      if (!response.ok) throw new HttpError(response.status, errorText);
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      alert.error(errorText);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
