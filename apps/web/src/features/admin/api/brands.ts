import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminBrandRow, TCreateBrandBody } from '@virality/domain';
import { api, apiCall } from '../../../lib/api-client';

export const brandKeys = {
  all: ['admin', 'brands'] as const,
  page: (q: string, page: number) => ['admin', 'brands', q, page] as const,
};

/** GET admin/brands?q=&page=: the brands matching the search, newest first. */
export function useAdminBrands(q: string, page: number) {
  return useQuery({
    queryKey: brandKeys.page(q, page),
    queryFn: async () => (await api.get('admin/brands', { q: q || undefined, page })).response,
    placeholderData: keepPreviousData,
  });
}

/** What a brand write changes: the brands, the accounts of the Users section and the audit log. */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: brandKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

/** POST admin/brands: creates the brand and sends its invitation; resolves to the server's message and the brand. */
export function useCreateBrand() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (body: TCreateBrandBody) => {
      const res = await api.post('admin/brands', body);
      return { message: res.message, brand: res.response.brand };
    },
    onSuccess: refresh,
  });
}

/** POST admin/brands/:id/invitation: a new link to set the password; resolves to the server's message. */
export function useResendBrandInvitation() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (brandId: string) =>
      (
        await apiCall<{ brand: TAdminBrandRow }>(`admin/brands/${encodeURIComponent(brandId)}/invitation`, {
          method: 'POST',
        })
      ).message,
    onSuccess: refresh,
  });
}

/** PUT admin/users/status (the Users section's call): deactivates or reactivates a brand; resolves to the message. */
export function useSetBrandActive() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (body: { userId: string; active: boolean }) => (await api.put('admin/users/status', body)).message,
    onSuccess: refresh,
  });
}
