import type { TProfileType } from '@virality/domain';

/** How a profile type is written on screen. */
export const PROFILE_TYPE_LABELS: Record<TProfileType, string> = {
  INFLUENCER: 'Influencer',
  BUSINESS: 'Business',
  BRANDS: 'Brand',
  IMC: 'IMC',
  BUSINESS_MANAGER: 'Business Manager',
};

export function profileTypeLabel(type: string | null | undefined): string {
  if (!type) return '';
  return PROFILE_TYPE_LABELS[type as TProfileType] ?? type;
}
