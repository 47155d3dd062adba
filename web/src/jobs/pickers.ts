import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type AssetRow,
  type AssetTypeOption,
  type JobClientOption,
  type JobUserOption,
  llgSpecialTaskOffered,
  type TaskTypeOption,
  type WebAccess,
} from '@portal/contracts';
import { get } from '../api/http';
import { useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';

const options = <T>(path: string, query: Record<string, string | number | undefined>, enabled = true) => ({
  queryKey: ['options', path, query],
  queryFn: () => get<T[]>(path, { query }),
  staleTime: 60_000,
  enabled,
});

/** Clients the caller may pick, each with its top-level sites (GET /api/Location/Client?locationLevel=0). */
export function useJobClients() {
  const query = useQuery(options<JobClientOption>('/Location/Client', { locationLevel: 0 }));
  useLoadErrorAlert(query.error, 'Error while loading Clients and Users');
  return query;
}
export const useTaskTypes = () => useQuery(options<TaskTypeOption>('/Setting/Objects', { objectType: 'TaskType' }));
export const useAssetTypes = () => useQuery(options<AssetTypeOption>('/Setting/Objects', { objectType: 'AssetType' }));

/**
 * Main and Other Inspector options for the job's office (GET /api/Users/Inspectors?officeId=),
 * with `keep`: a saved job's own inspectors, listed while they are active even if they no
 * longer qualify, so the job shows their names.
 */
export function useInspectors(officeId: number | null, keep: readonly number[] = []) {
  return useQuery({
    ...options<JobUserOption>(
      '/Users/Inspectors',
      { officeId: officeId ?? undefined, include: keep.length ? [...keep].sort((a, b) => a - b).join(',') : undefined },
      Boolean(officeId),
    ),
    placeholderData: (previous) => previous,
  });
}
export const useSalesPersons = () => useQuery(options<JobUserOption>('/Users/SalesPersons', {}));
/** Client users of the site (Client Users); those with the REQUESTER role are the Requester options. */
export const useSiteUsers = (siteId: number | null) =>
  useQuery(options<JobUserOption>('/Users/Site', { siteId: siteId ?? undefined }, Boolean(siteId)));
/** Assets of a type on the job's site (GET /api/Location/Asset?assetTypeId=&siteId=). */
export const useAssets = (assetTypeId: number | null, siteId: number | null) =>
  useQuery({
    ...options<AssetRow>(
      '/Location/Asset',
      { assetTypeId: assetTypeId ?? undefined, siteId: siteId ?? undefined },
      Boolean(assetTypeId && siteId),
    ),
    staleTime: 10_000,
  });

const isLlgName = (name: string) => name.trim().toUpperCase() === 'LLG' || name.toLowerCase().includes('llg-');

/** Task types of the rows (LLG ones left out, DECISIONS 8) and the fixed LLG task type. */
export function useTaskTypeChoices() {
  const query = useTaskTypes();
  return useMemo(() => {
    const all = query.data ?? [];
    return {
      all,
      ordinary: all.filter((t) => !isLlgName(t.name)),
      llg: all.find((t) => t.name.trim().toUpperCase() === 'LLG') ?? null,
      loaded: query.isSuccess,
    };
  }, [query.data, query.isSuccess]);
}

/** Whether the job wizard offers the special LLG task (webUIAccessConfiguration's LLG rule). */
export function useLlgOffered(): boolean {
  const { user, role } = useSession();
  return useMemo(() => {
    const primaryOffice = user.offices.find((o) => o.id === user.primaryOfficeId) ?? null;
    return llgSpecialTaskOffered(user.webAccess as WebAccess, { role, primaryOffice, offices: user.offices, divisions: user.divisions });
  }, [user, role]);
}
