import { agoText, type TWebhookDelivery } from '@virality/domain';

/** When a waiting delivery is tried next, as its row says it: 'Next try in 4 min'; null when none is due. */
export function nextTryText(nextAttemptAt: string | null, now: Date): string | null {
  const at = nextAttemptAt ? new Date(nextAttemptAt).getTime() : Number.NaN;
  if (Number.isNaN(at)) return null;
  const seconds = (at - now.getTime()) / 1000;
  if (seconds <= 0) return 'Next try any moment now';
  if (seconds < 60) return 'Next try in under a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `Next try in ${minutes} min`;
  if (minutes <= 24 * 60) return `Next try in ${Math.round(minutes / 60)} h`;
  return `Next try in ${Math.round(minutes / (24 * 60))} d`;
}

/** How many times it was sent: '1 attempt', '3 attempts'; 'Not sent yet' before the first. */
export const attemptsText = (attempts: number): string =>
  attempts === 0 ? 'Not sent yet' : attempts === 1 ? '1 attempt' : `${attempts} attempts`;

/** What the endpoint answered at the last attempt: 'HTTP 503', or 'No answer' when it gave none. */
export function lastAnswerText(d: Pick<TWebhookDelivery, 'attempts' | 'lastStatus' | 'lastError'>): string | null {
  if (d.lastStatus !== null) return `HTTP ${d.lastStatus}`;
  if (d.lastError || d.attempts > 0) return 'No answer';
  return null;
}

/** When the event happened, as the rows say it ('5 min ago'), with the whole date for a title. */
export function whenText(at: string, now: Date): { short: string; full: string } {
  const time = new Date(at);
  return { short: agoText(time.getTime(), now), full: FULL.format(time) };
}
const FULL = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
