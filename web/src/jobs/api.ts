import type {
  AssetRow,
  JobAction,
  JobFile,
  JobRow,
  JobTask,
  ScheduleBody,
  ScheduleWithTasksAnswer,
  TaskPayload,
  JobSiteOption,
  JobUserOption,
} from '@portal/contracts';
import { del, get, post } from '../api/http';
import { uploadFiles } from '../api/upload';
import { registerResourceApi } from '../providers/resourceApi';

/** Jobs and Job Lites over the spec's calls (shell document 7): the filter names the type. */
for (const [resource, type] of [
  ['jobs', 1],
  ['jobLites', 2],
] as const) {
  registerResourceApi<JobRow>(resource, {
    list: ({ offset, limit, filter }) => get<JobRow[]>('/Schedule', { query: { offset, limit }, filter: { ...filter, type } }),
    count: ({ filter }) => get<number>('/Schedule/count', { filter: { ...filter, type } }),
  });
}

/** POST /api/Schedule/withTasks (ours, issue 20): the job and its tasks in one transaction; the server mails after the commit. */
export const saveScheduleWithTasks = (schedule: ScheduleBody, tasks: TaskPayload[]) =>
  post<ScheduleWithTasksAnswer>('/Schedule/withTasks', { schedule, tasks });
export const jobAction = (id: number, action: JobAction) => del<{ message: string }>(`/Schedule/${id}/${action}`);
export const jobTasks = (scheduleId: number) => get<JobTask[]>('/Observation/Schedule', { query: { scheduleId } });
export interface NewSite {
  name: string;
  street: string;
  city: string;
  state: string;
  country: string;
  pin: string;
  phone: string;
}
export const saveSite = (companyId: number, site: NewSite, copyClientAddress: boolean) =>
  post<JobSiteOption>('/Location/Job', {
    ...site,
    pin: site.pin === '' ? null : site.pin,
    copyClientAddress,
    objectType: 'SITE',
    companyId,
    parentId: companyId,
    locationLevel: 0,
    type: 1,
    status: 0,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

/** POST /api/Users?isJob=true: a requester of the site (requester role, the site assigned). */
export const saveRequester = (companyId: number, siteId: number, user: { name: string; email: string; phone: string }) =>
  post<JobUserOption>(
    '/Users',
    {
      name: user.name.trim(),
      email: user.email.trim(),
      phone: user.phone.trim(),
      objectType: 'REQUESTER',
      companyId,
      siteIds: String(siteId),
      type: 1,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    { query: { isJob: 'true' } },
  );

export const saveAsset = (asset: { assetTypeId: number; companyId: number; siteId: number; name: string }) =>
  post<AssetRow>('/Location', {
    assetTypeId: asset.assetTypeId,
    companyId: asset.companyId,
    parentId: asset.siteId,
    objectType: 'ASSET',
    name: asset.name,
    type: 1,
    status: 1,
    locationLevel: 1,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

/** POST /api/Schedule/attachment/{jobId} (multipart scheduleFile), with upload progress (api/upload). */
export function uploadJobFiles(
  jobId: number,
  files: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<JobFile[]> {
  return uploadFiles({
    url: `/api/Schedule/attachment/${jobId}`,
    files: files.map((file) => ['scheduleFile', file] as [string, File]),
    onProgress,
    signal,
    accept: (body) => (body.otherFiles as JobFile[] | undefined) ?? [],
    failText: (status) => `Upload failed (${status})`,
  });
}
