import { useQuery } from '@tanstack/react-query';
import type { DivisionOption, LocationOption, OfficeOption, RoleOption } from '@portal/contracts';
import { get } from '../api/http';

/**
 * Picker options shared by the screens (roles, offices, divisions, companies, sites), each
 * fetched once and kept for a minute.
 */
function useOptions<T>(path: string, query: Record<string, string | number | undefined>, enabled = true) {
  const result = useQuery({
    queryKey: ['options', path, query],
    queryFn: () => get<T[]>(path, { query }),
    enabled,
    staleTime: 60_000,
  });
  return { options: result.data ?? [], loading: result.isLoading, error: result.error };
}

export const useRoleOptions = () => useOptions<RoleOption>('/Setting/Others', { objectType: 'ROLE' });
export const useOfficeOptions = () => useOptions<OfficeOption>('/Location/Object', { objectType: 'LO_OFFICE' });
export const useDivisionOptions = () => useOptions<DivisionOption>('/Setting/Others', { objectType: 'Division' });
export const useLoCompanyOptions = (enabled = true) =>
  useOptions<LocationOption>('/Location/Object', { objectType: 'LO_COMPANY' }, enabled);
export const useClientOptions = (enabled = true) =>
  useOptions<LocationOption>('/Location/Object', { objectType: 'CLIENT_COMPANY' }, enabled);
export const useSiteOptions = (companyId: number | null | undefined) =>
  useOptions<LocationOption>('/Location/Object', { objectType: 'SITE', companyId: companyId ?? undefined }, Boolean(companyId));
