import type { TTargetState } from '../contracts/post';
import type { TProfileType } from '../enums';

/**
 * How a saved post reads on its card: its badge, the moment it shows, and what its menu offers. Pure: the
 * current time is passed in.
 */

/** The post fields these rules read (a post as clients receive it). */
export type TPostState = {
  IsScheduled: boolean;
  IsPostDone: boolean;
  IsPaused: boolean;
  ScheduledDate: string | null;
  ScheduledTime: string | null;
  SocialMediaPostDate: string | null;
  /** Where it stands on each account: once sent, the badge says whether every account took it. */
  MediaPostedOn?: ReadonlyArray<{ Status: string }>;
};

export type TPostBadge = 'Scheduled' | 'Paused' | 'Publishing' | 'Posted' | 'Partly posted' | 'Failed';

/** The account states a user may try again: the post did not go out there (or may not have, and the check decides). */
export const RETRYABLE_TARGET_STATES = ['failed', 'needs_reconnect', 'needs_check'] as const satisfies readonly TTargetState[];

/**
 * Scheduled while scheduled and not paused, Paused while paused and not done; once sent: Publishing while an
 * account is still on its way, Failed when no account took it, Partly posted when some did not, else Posted.
 */
export function postBadge(p: TPostState): TPostBadge {
  if (p.IsScheduled && !p.IsPaused && !p.IsPostDone) return 'Scheduled';
  if (p.IsPaused && !p.IsPostDone) return 'Paused';
  const tones = (p.MediaPostedOn ?? []).filter((t) => t.Status !== 'canceled').map((t) => targetStateLook(t.Status).tone);
  if (tones.includes('waiting')) return 'Publishing';
  const failed = tones.filter((t) => t === 'failed').length;
  if (failed === 0) return 'Posted';
  return failed === tones.length ? 'Failed' : 'Partly posted';
}

/** Whether a sent post has accounts to try again (every account has its result, and at least one failed). */
export function hasRetryableTargets(p: Pick<TPostState, 'MediaPostedOn'>): boolean {
  const states = (p.MediaPostedOn ?? []).map((t) => t.Status);
  return (
    states.some((s) => (RETRYABLE_TARGET_STATES as readonly string[]).includes(s)) &&
    !states.some((s) => targetStateLook(s).tone === 'waiting' && s !== 'canceled')
  );
}

/** The moment a scheduled post is due (its ScheduledDate and ScheduledTime, read as UTC), or null. */
export function scheduledMoment(p: Pick<TPostState, 'ScheduledDate' | 'ScheduledTime'>): Date | null {
  if (!p.ScheduledDate || !p.ScheduledTime) return null;
  const at = new Date(`${p.ScheduledDate}T${p.ScheduledTime}:00.000Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The moment a card shows: the scheduled moment while scheduled and not done, else when it went out. */
export function postDisplayedAt(p: TPostState): Date | null {
  if (p.IsScheduled && !p.IsPostDone) return scheduledMoment(p);
  if (!p.SocialMediaPostDate) return null;
  const at = new Date(p.SocialMediaPostDate);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** What a scheduled post's menu offers. */
export type TScheduledMenu = {
  /** Whether the menu is there at all (never for a business manager). */
  open: boolean;
  postNow: boolean;
  /** Pause (or Resume when paused): gone once the scheduled time has passed. */
  pauseResume: 'pause' | 'resume' | null;
  /** A paused post past its time cannot be rescheduled. */
  reschedule: boolean;
  delete: boolean;
};

/** The menu of a scheduled post for a role at `now`. */
export function scheduledMenu(p: TPostState, role: TProfileType, now: Date): TScheduledMenu {
  const none: TScheduledMenu = { open: false, postNow: false, pauseResume: null, reschedule: false, delete: false };
  if (role === 'BUSINESS_MANAGER' || p.IsPostDone || !p.IsScheduled) return none;
  const due = scheduledMoment(p);
  const passed = due !== null && due.getTime() <= now.getTime();
  return {
    open: true,
    postNow: true,
    pauseResume: passed ? null : p.IsPaused ? 'resume' : 'pause',
    reschedule: !(p.IsPaused && passed),
    delete: true,
  };
}

/** Scheduled posts a page of the list holds. */
export const SCHEDULED_PAGE_SIZE = 10;
/** Scheduled posts the home page shows. */
export const HOME_SCHEDULED_COUNT = 2;
/** Drafts a page of the drafts list holds. */
export const DRAFTS_PAGE_SIZE = 9;

/** How an account's state on a post reads: 'ok' went out, 'failed' did not (with why), 'waiting' not yet. */
export type TTargetTone = 'ok' | 'failed' | 'waiting';

const TARGET_LOOK: Record<TTargetState, { label: string; tone: TTargetTone }> = {
  published: { label: 'Published', tone: 'ok' },
  failed: { label: 'Failed', tone: 'failed' },
  needs_reconnect: { label: 'Needs reconnect', tone: 'failed' },
  needs_check: { label: 'Check the account', tone: 'failed' },
  queued: { label: 'Publishing', tone: 'waiting' },
  publishing: { label: 'Publishing', tone: 'waiting' },
  processing: { label: 'Processing', tone: 'waiting' },
  scheduled: { label: 'Scheduled', tone: 'waiting' },
  paused: { label: 'Paused', tone: 'waiting' },
  draft: { label: 'Draft', tone: 'waiting' },
  canceled: { label: 'Canceled', tone: 'waiting' },
};

/** The label and tone of an account's state on a post (an unknown state reads as itself, still on its way). */
export const targetStateLook = (state: string): { label: string; tone: TTargetTone } =>
  TARGET_LOOK[state as TTargetState] ?? { label: state, tone: 'waiting' };
