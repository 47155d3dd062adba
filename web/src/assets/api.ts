import type { AssetCan, AssetDashboardAnswer, AssetFile, AssetHistoryAnswer, AssetRow, ItemStatus } from '@portal/contracts';
import { HttpError } from '../api/http';

/** What the dashboard asks for: a client, its sites and the filters (tasks document 2.5). */
export interface DashboardFilter {
  companyId: number;
  siteIds: number[];
  inspFrom?: string;
  inspTo?: string;
  dueFrom?: string;
  dueTo?: string;
  result?: number;
  itemStatus?: ItemStatus;
}

/** The query of `GET /api/Location/AssetDashboard` (and its export); a range only with both ends. */
export function dashboardQuery(filter: DashboardFilter): Record<string, string | number | undefined> {
  const both = (from?: string, to?: string) => (from && to ? [from, to] : [undefined, undefined]);
  const [inspFrom, inspTo] = both(filter.inspFrom, filter.inspTo);
  const [dueFrom, dueTo] = both(filter.dueFrom, filter.dueTo);
  return {
    companyId: filter.companyId,
    siteId: filter.siteIds.join(','),
    inspFrom,
    inspTo,
    dueFrom,
    dueTo,
    result: filter.result,
    itemStatus: filter.itemStatus,
  };
}

export type { AssetDashboardAnswer, AssetHistoryAnswer };

/** `GET /api/Location/{id}` of an asset: the row and what the panel shows. */
export type AssetDetail = AssetRow & {
  acronymCode: string | null;
  externalId: string | null;
  endUserName: string | null;
  endUserAddress: string | null;
  attributeFormId: number | null;
  userData: { formId: number | null; formRevision: number | null; values: Record<string, unknown> };
  dueDate: string | null;
  itemStatus: ItemStatus | null;
  image: string | null;
  fileList: AssetFile[];
  /** The assets policy's flags for the caller (contracts assets/policy.ts). */
  can: AssetCan;
  /** Why the task the asset is opened from keeps it read-only (`?observationId=`), or null. */
  lockedBy?: string | null;
};

/**
 * `POST /api/Location/saveAttachment/{id}` (part `locationFile`) through XMLHttpRequest for the
 * progress; `onProgress` gets 0..1.
 */
export function uploadAssetFile(
  assetId: number,
  file: File,
  section: number | undefined,
  onProgress: (fraction: number) => void,
  observationId?: number,
): Promise<{ message: string; fileList: AssetFile[] }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const query = new URLSearchParams();
    if (section) query.set('section', String(section));
    if (observationId !== undefined) query.set('observationId', String(observationId));
    request.open('POST', `/api/Location/saveAttachment/${assetId}${query.size > 0 ? `?${query}` : ''}`);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    request.onerror = () => reject(new HttpError(0, 'The server cannot be reached. Check your connection and try again'));
    request.onload = () => {
      let body: { error?: string; message?: string; fileList?: AssetFile[] } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the status says enough.
      }
      if (request.status >= 200 && request.status < 300 && Array.isArray(body.fileList)) {
        onProgress(1);
        resolve(body as { message: string; fileList: AssetFile[] });
      } else reject(new HttpError(request.status, body.error ?? `Request failed (${request.status})`));
    };
    const data = new FormData();
    data.append('locationFile', file, file.name);
    request.send(data);
  });
}
