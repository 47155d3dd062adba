import type { AssetCan, AssetDashboardAnswer, AssetFile, AssetHistoryAnswer, AssetRow, ItemStatus } from '@portal/contracts';
import { uploadFiles } from '../api/upload';

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

/** `POST /api/Location/saveAttachment/{id}` (part `locationFile`) with progress (api/upload); `onProgress` gets 0..1. */
export function uploadAssetFile(
  assetId: number,
  file: File,
  section: number | undefined,
  onProgress: (fraction: number) => void,
  observationId?: number,
  signal?: AbortSignal,
): Promise<{ message: string; fileList: AssetFile[] }> {
  const query = new URLSearchParams();
  if (section) query.set('section', String(section));
  if (observationId !== undefined) query.set('observationId', String(observationId));
  return uploadFiles({
    url: `/api/Location/saveAttachment/${assetId}${query.size > 0 ? `?${query}` : ''}`,
    files: [['locationFile', file]],
    onProgress,
    signal,
    accept: (body) => (Array.isArray(body.fileList) ? (body as { message: string; fileList: AssetFile[] }) : undefined),
  });
}

/** An asset not saved yet, as the assets policy sees it. */
export const NEW_ASSET = { id: null, status: 1, lockedBy: null };
