import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminCoupon, TAdminCouponCreate, TAdminPlan, TAdminPlanUpdate } from '@virality/domain';
import { api, apiCall } from '../../lib/api-client';

const PLANS_KEY = ['admin', 'plans'] as const;
const COUPONS_KEY = ['admin', 'coupons'] as const;

/** GET admin/plans: every plan with its prices. */
export const useAdminPlans = () =>
  useQuery({ queryKey: PLANS_KEY, queryFn: async () => (await api.get('admin/plans')).response });

/** PUT admin/plans/:planId; the plans (and the public price list) are read again after it. */
export function useUpdatePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, body }: { planId: string; body: TAdminPlanUpdate }) =>
      apiCall<TAdminPlan>(`admin/plans/${encodeURIComponent(planId)}`, { method: 'PUT', body }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: PLANS_KEY });
      qc.invalidateQueries({ queryKey: ['billing', 'price-list'] });
    },
  });
}

/** GET admin/coupons: every promotion code with its uses. */
export const useAdminCoupons = () =>
  useQuery({ queryKey: COUPONS_KEY, queryFn: async () => (await api.get('admin/coupons')).response });

export function useCreateCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminCouponCreate) => api.post('admin/coupons', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

export function useDeactivateCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (couponId: string) =>
      apiCall<TAdminCoupon>(`admin/coupons/${encodeURIComponent(couponId)}/deactivate`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}
