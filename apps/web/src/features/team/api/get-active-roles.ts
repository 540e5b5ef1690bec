import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type TRole, teamKeys } from './types';

/** GET roleManagement/activeRoles: the roles a sub-user may be given (response.roles). */
export async function getActiveRoles(): Promise<TRole[]> {
  const res = await api.get('roleManagement/activeRoles');
  return res.response?.roles ?? [];
}

export function useActiveRoles() {
  return useQuery({ queryKey: teamKeys.activeRoles, queryFn: getActiveRoles, staleTime: 0 });
}
