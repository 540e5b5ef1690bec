import { isFreeTier } from '@virality/domain';

/** A plan's name as the product says it: the free tier ('FreeTier' in the data) is the 'Free plan'; others by name. */
export const planLabel = (planType: string): string => (isFreeTier({ planType }) ? 'Free plan' : planType);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The plan's time and posts as sentences: 'Renews in 12 days.' (the free tier starts again by itself), '12 days
 * left.', and '2 posts left in this period.' where the plan counts posts.
 */
export function planTimeSentence(free: boolean, days: number): string {
  return free ? `Renews in ${plural(days, 'day')}.` : `${plural(days, 'day')} left.`;
}

export const postsLeftSentence = (left: number): string => `${plural(left, 'post')} left in this period.`;
