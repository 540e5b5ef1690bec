import {
  alwaysSavesDraft,
  canUse,
  DEFAULT_SCHEDULE_TIME,
  dateAt,
  freeTierLimitReached,
  MEDIA_LIMITS,
  mediaCountIssue,
  mediaIssue,
  momentOf,
  NETWORK_LIMITS,
  normalizePermissions,
  POST_MSG,
  postLimitIssues,
  postLimitNotices,
  postTypeOf,
  SOCIAL_NETWORKS,
  STORY_NETWORKS,
  socialNetwork,
  storyIssue,
  type TLimitedPost,
  type TMediaFacts,
  type TPost,
  type TPostFormat,
  type TPostType,
  type TProfileType,
  type TSocialAccount,
  type TSocialNetworkKey,
  type TUploadedFile,
  timeAt,
  YOUTUBE_PRIVACY_OPTIONS,
} from '@virality/domain';
import type { TCurrentUser } from '../../../lib/use-current-user';
import type { TPostRequest } from '../api/create-post';
import { kindOf } from './read-media';

/** One media file of the post being composed. */
export type TMediaItem = {
  id: string;
  /** A file chosen here (uploaded on submit); null for a file of the draft being edited (already uploaded). */
  file: File | null;
  /** What the previews show: an object URL of the file, or the stored file's address. */
  previewUrl: string;
  name: string;
  /** The browser's reading before the upload; replaced by the server's once uploaded. */
  facts: TMediaFacts;
  uploaded: TUploadedFile | null;
  edited: boolean;
};

export type TYouTubePrivacy = (typeof YOUTUBE_PRIVACY_OPTIONS)[number];
/** The networks that take stories and reels. */
export type TStoryNetwork = 'instagram' | 'facebook';
export const isStoryNetwork = (n: TSocialNetworkKey): n is TStoryNetwork => Boolean(STORY_NETWORKS[n]);

export type TComposerState = {
  /** The channels switched on (their accounts are offered). */
  networks: TSocialNetworkKey[];
  accountIds: string[];
  /** Multi-file mode: 2 to 10 files, sent as one multi-post. */
  multi: boolean;
  media: TMediaItem[];
  caption: string;
  title: string;
  categoryId: string | null;
  youtubePrivacy: TYouTubePrivacy;
  formats: Partial<Record<TStoryNetwork, TPostFormat>>;
  /** TikTok's privacy, per TikTok account. */
  tiktokPrivacy: Record<string, string>;
  scheduleOn: boolean;
  /** Add to queue: each account's post takes that account's next free slot (never with scheduleOn). */
  queueOn: boolean;
  /** yyyy-MM-dd and HH:mm in the browser's time zone. */
  date: string | null;
  time: string;
  /** The campaign the post is made for (an influencer's accepted, running campaign), or null. */
  campaignId: string | null;
};

export const emptyComposer = (): TComposerState => ({
  networks: [],
  accountIds: [],
  multi: false,
  media: [],
  caption: '',
  title: '',
  categoryId: null,
  youtubePrivacy: 'public',
  formats: {},
  tiktokPrivacy: {},
  scheduleOn: false,
  queueOn: false,
  date: null,
  time: DEFAULT_SCHEDULE_TIME,
  campaignId: null,
});

/** Leading white space is never kept in a caption (spec). */
export const cleanCaption = (text: string) => text.replace(/^\s+/, '');

export const networkKeyOf = (a: Pick<TSocialAccount, 'SocialMediaID'>): TSocialNetworkKey | null =>
  socialNetwork(a.SocialMediaID)?.key ?? null;
export const networkLabel = (n: TSocialNetworkKey) => SOCIAL_NETWORKS.find((x) => x.key === n)?.label ?? n;

// ── Who may do what ───────────────────────────────────────────────────────────────────────────────

export type TComposerRole = {
  profileType: TProfileType;
  isManager: boolean;
  /** A business manager's role, made whole. */
  permissions: ReturnType<typeof normalizePermissions>;
  /** An influencer on the free tier who has used its 5 posts. */
  limitReached: boolean;
};

export function roleOf(user: TCurrentUser): TComposerRole {
  const isManager = alwaysSavesDraft(user.profileType);
  const permissions = normalizePermissions(user.businessRoleId?.status === false ? [] : user.businessRoleId?.permission);
  return {
    profileType: user.profileType,
    isManager,
    permissions,
    limitReached: freeTierLimitReached(user.profileType, user.subscriptionDetails),
  };
}

const permissionIdOf = (n: TSocialNetworkKey) => SOCIAL_NETWORKS.find((x) => x.key === n)?.id ?? '';

/** The channels offered: a network with at least one account; for a manager only where its role opens Post or Scheduler. */
export function offeredNetworks(accounts: readonly TSocialAccount[], role: TComposerRole): TSocialNetworkKey[] {
  const have = new Set(accounts.map(networkKeyOf).filter(Boolean));
  return SOCIAL_NETWORKS.map((n) => n.key).filter(
    (n) =>
      have.has(n) &&
      // a manager composes for the networks its role gives Post (scheduling there needs Scheduler too), as the
      // server checks every account of a post
      (!role.isManager || canUse(role.profileType, role.permissions, permissionIdOf(n), 'Post')),
  );
}

/** Whether the schedule toggle is open: to everyone, and to a manager with Scheduler on every chosen network (or some, before any is chosen). */
export function mayScheduleFor(
  role: TComposerRole,
  networks: readonly TSocialNetworkKey[],
  offered: readonly TSocialNetworkKey[],
) {
  if (role.limitReached) return false;
  if (!role.isManager) return true;
  const has = (n: TSocialNetworkKey) => canUse(role.profileType, role.permissions, permissionIdOf(n), 'Scheduler');
  return networks.length > 0 ? networks.every(has) : offered.some(has);
}

// ── What is chosen ────────────────────────────────────────────────────────────────────────────────

/** The accounts the post goes to: chosen, on a channel that is on. */
export function chosenAccounts(state: TComposerState, accounts: readonly TSocialAccount[]): TSocialAccount[] {
  return accounts.filter((a) => {
    const n = networkKeyOf(a);
    return n !== null && state.networks.includes(n) && state.accountIds.includes(a.id);
  });
}

/** The networks the post goes to, in the product's order. */
export function chosenNetworks(state: TComposerState, accounts: readonly TSocialAccount[]): TSocialNetworkKey[] {
  const keys = new Set(chosenAccounts(state, accounts).map(networkKeyOf));
  return SOCIAL_NETWORKS.map((n) => n.key).filter((k) => keys.has(k));
}

export const factsOf = (state: TComposerState) => state.media.map((m) => m.facts);

/**
 * The formats a network offers for these media: stories and reels on Instagram and Facebook only, for one file;
 * an image may be an Instagram story only, and a reel is a video.
 */
export function formatsOffered(network: TSocialNetworkKey, media: readonly TMediaFacts[]): TPostFormat[] {
  const rule = STORY_NETWORKS[network];
  if (!rule || media.length !== 1) return ['post'];
  if (media[0].kind === 'image') return rule.image ? ['post', 'story'] : ['post'];
  if (media[0].kind === 'video') return ['post', 'story', 'reel'];
  return ['post'];
}

/** How the post goes out on a network (a format no longer offered falls back to a feed post). */
export function formatOf(state: TComposerState, network: TSocialNetworkKey): TPostFormat {
  if (!isStoryNetwork(network)) return 'post';
  const chosen = state.formats[network] ?? 'post';
  return formatsOffered(network, factsOf(state)).includes(chosen) ? chosen : 'post';
}

/** The post's type as the server will record it: one format for all, else a feed post. */
export function postTypeFor(state: TComposerState, networks: readonly TSocialNetworkKey[]): TPostType {
  const formats = new Set(networks.map((n) => formatOf(state, n)));
  const format: TPostFormat = formats.size === 1 ? [...formats][0] : 'post';
  return postTypeOf(factsOf(state), format);
}

/** A video wider than 1920 (the 2kvideo type), which Instagram does not take. */
export const isWideVideo = (state: TComposerState) =>
  state.media.some((m) => m.facts.kind === 'video' && (m.facts.width ?? 0) > MEDIA_LIMITS.videoMaxWidth);

// ── Checks ────────────────────────────────────────────────────────────────────────────────────────

/** What is wrong with each media file for the chosen networks (mediaIssue), by item id. */
export function mediaIssues(state: TComposerState, networks: readonly TSocialNetworkKey[]): Record<string, string> {
  const ctx = { multi: state.multi, instagram: networks.includes('instagram') };
  const out: Record<string, string> = {};
  for (const m of state.media) {
    const issue = mediaIssue(m.facts, ctx);
    if (issue) out[m.id] = issue;
  }
  return out;
}

/** The count rule (at most 10; at least 2 in multi-file mode), once there is any media. */
export const countIssue = (state: TComposerState) =>
  state.media.length === 0 ? null : mediaCountIssue(state.media.length, state.multi);

/** A post as a network's limits see it. */
export function limitedPost(state: TComposerState, network: TSocialNetworkKey): TLimitedPost {
  return {
    format: formatOf(state, network),
    text: cleanCaption(state.caption),
    media: state.media
      .filter((m) => m.facts.kind !== 'other')
      .map((m) => ({
        type: m.facts.kind as 'image' | 'video',
        mimeType: m.facts.mimeType,
        bytes: m.facts.bytes,
        width: m.facts.width,
        height: m.facts.height,
        durationSec: m.facts.durationSec,
      })),
  };
}

export type TNetworkCheck = {
  network: TSocialNetworkKey;
  /** What the network would refuse (its limits): blocks posting and scheduling, not a draft. */
  limits: string[];
  /** What the product's rules refuse (story and reel, YouTube's title, TikTok's privacy): blocks everything. */
  rules: string[];
  /** What the server will do to the photos for this network ('converted to JPEG for Instagram'): never blocks. */
  notices: string[];
};

/** The preflight of each chosen network, shown next to it before submit. */
export function networkChecks(state: TComposerState, accounts: readonly TSocialAccount[]): TNetworkCheck[] {
  const chosen = chosenAccounts(state, accounts);
  return chosenNetworks(state, accounts).map((network) => {
    const rules: string[] = [];
    const story = storyIssue(network, formatOf(state, network), factsOf(state));
    if (story) rules.push(story);
    if (network === 'youtube' && !state.title.trim()) rules.push(POST_MSG.titleRequired);
    if (network === 'tiktok' && chosen.some((a) => networkKeyOf(a) === 'tiktok' && !state.tiktokPrivacy[a.id]))
      rules.push(POST_MSG.tiktokPrivacyRequired);
    const post = limitedPost(state, network);
    const limits =
      state.media.length === 0 && !cleanCaption(state.caption)
        ? []
        : postLimitIssues(networkLabel(network), NETWORK_LIMITS[network], post);
    const notices = postLimitNotices(networkLabel(network), NETWORK_LIMITS[network], post);
    return { network, limits, rules, notices };
  });
}

export type TSubmitCheck = {
  /** Why the main button is disabled (the spec's conditions first), in plain words; empty when it may be pressed. */
  blockers: string[];
  /** Why a draft cannot be saved yet (a draft may break a network's limits, not the product's rules). */
  draftBlockers: string[];
};

/**
 * When submit is disabled: submitting; no account; an empty caption; no media; a TikTok account without a
 * privacy choice; a schedule without a date or a time; and any media, count, story or network issue.
 */
export function submitCheck(
  state: TComposerState,
  accounts: readonly TSocialAccount[],
  { submitting, strictDraft }: { submitting: boolean; strictDraft: boolean },
): TSubmitCheck {
  const base: string[] = [];
  const chosen = chosenAccounts(state, accounts);
  if (submitting) base.push('Sending…');
  if (chosen.length === 0) base.push(POST_MSG.accountRequired);
  if (!cleanCaption(state.caption)) base.push(POST_MSG.captionRequired);
  if (state.media.length === 0) base.push(POST_MSG.mediaRequired);
  const tiktok = chosen.filter((a) => networkKeyOf(a) === 'tiktok');
  if (tiktok.some((a) => !state.tiktokPrivacy[a.id])) base.push(POST_MSG.tiktokPrivacyRequired);
  if (state.scheduleOn && (!state.date || !state.time)) base.push('Choose a date and a time');
  const networks = chosenNetworks(state, accounts);
  const media = Object.values(mediaIssues(state, networks));
  const count = countIssue(state);
  const checks = networkChecks(state, accounts);
  const rules = [...media, ...(count ? [count] : []), ...checks.flatMap((c) => c.rules)];
  const limits = checks.flatMap((c) => c.limits);
  const unique = (xs: string[]) => [...new Set(xs)];
  return {
    blockers: unique([...base, ...rules, ...limits]),
    draftBlockers: unique([...base, ...rules, ...(strictDraft ? limits : [])]),
  };
}

// ── Time ──────────────────────────────────────────────────────────────────────────────────────────

/** The browser's offset east of UTC, in minutes, at a local date and time (daylight saving included). */
export function localOffsetAt(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return -new Date(y, (m || 1) - 1, d || 1, hh || 0, mm || 0).getTimezoneOffset();
}
export const localOffsetNow = (now: Date = new Date()) => -now.getTimezoneOffset();

/** A local date and time as the API carries them (UTC), or null when either is not valid. */
export function toUtc(date: string, time: string): { date: string; time: string } | null {
  const at = momentOf(date, time, localOffsetAt(date, time));
  return at ? { date: dateAt(at, 0), time: timeAt(at, 0) } : null;
}

/** A UTC date and time from the API, in the browser's zone. */
export function fromUtc(date: string, time: string): { date: string; time: string } | null {
  const at = momentOf(date, time.slice(0, 5), 0);
  if (!at) return null;
  const offset = localOffsetNow(at);
  return { date: dateAt(at, offset), time: timeAt(at, offset) };
}

// ── The request ───────────────────────────────────────────────────────────────────────────────────

export type TSubmitMode = 'now' | 'schedule' | 'queue' | 'draft';

/** The post request (zPostBody) for the chosen accounts, with the uploaded media. */
export function buildRequest(
  state: TComposerState,
  accounts: readonly TSocialAccount[],
  { mode, uploads, commonPostId }: { mode: TSubmitMode; uploads: readonly TUploadedFile[]; commonPostId?: string | null },
): TPostRequest {
  const chosen = chosenAccounts(state, accounts);
  const networks = chosenNetworks(state, accounts);
  const youtube = networks.includes('youtube');
  // added to the queue, the server gives each account its slot (a draft keeps the choice for when it is sent or approved)
  const queued = state.queueOn && (mode === 'queue' || mode === 'draft');
  const scheduled = !queued && state.scheduleOn && state.date ? toUtc(state.date, state.time) : null;
  return {
    ...(commonPostId ? { CommonPostID: commonPostId } : {}),
    ...(state.campaignId ? { CampaignSourceID: state.campaignId } : {}),
    CaptionDescription: cleanCaption(state.caption),
    Title: youtube ? state.title.trim() : null,
    CategoryID: youtube ? state.categoryId : null,
    PrivacyStatus: youtube ? state.youtubePrivacy : null,
    IsDraft: mode === 'draft',
    IsScheduled: Boolean(scheduled),
    ...(queued ? { AddToQueue: true } : {}),
    ScheduledDate: scheduled?.date ?? null,
    ScheduledTime: scheduled?.time ?? null,
    FEPostType: postTypeFor(state, networks),
    MediaDetails: uploads.map((u) => ({ ImageVideoUrl: u.result, ImageVideoName: u.file_name })),
    PostDetails: chosen.map((a) => {
      const n = networkKeyOf(a)!;
      const format = formatOf(state, n);
      return {
        UserSocialMediaID: a.id,
        SocialMediaID: a.SocialMediaID,
        ...(n === 'tiktok' ? { PrivacyStatus: state.tiktokPrivacy[a.id] ?? null } : {}),
        IsStory: format === 'story',
        IsReel: format === 'reel',
      };
    }),
  };
}

/** What the server read from an uploaded file, as the rules see it. */
export function factsOfUpload(u: TUploadedFile): TMediaFacts {
  return {
    kind: kindOf(u.file_type),
    mimeType: u.file_type,
    bytes: u.file_size,
    width: u.width,
    height: u.height,
    durationSec: u.duration,
  };
}

// ── A draft to edit ───────────────────────────────────────────────────────────────────────────────

/** The composer filled with a saved draft: its accounts, options, media (already uploaded) and time. */
export function stateFromDraft(post: TPost): TComposerState {
  const base = emptyComposer();
  const targets = post.MediaPostedOn.filter((t) => t.UserSocialMediaID);
  const networks = [
    ...new Set(
      [
        ...targets.map((t) => socialNetwork(t.SocialMediaID)?.key),
        ...post.MediaSelectedOn.map((id) => socialNetwork(id)?.key),
      ].filter((k): k is TSocialNetworkKey => Boolean(k)),
    ),
  ];
  const formats: TComposerState['formats'] = {};
  const tiktokPrivacy: Record<string, string> = {};
  for (const t of targets) {
    const n = socialNetwork(t.SocialMediaID)?.key;
    if (n && isStoryNetwork(n) && t.Format !== 'post') formats[n] = t.Format;
    if (n === 'tiktok' && t.PrivacyStatus && t.UserSocialMediaID) tiktokPrivacy[t.UserSocialMediaID] = t.PrivacyStatus;
  }
  const media: TMediaItem[] = post.MediaDetails.map((m, i) => {
    const facts: TMediaFacts = {
      kind: kindOf(m.ImageVideoType),
      mimeType: m.ImageVideoType,
      bytes: m.ImageVideoSize,
      width: m.Width,
      height: m.Height,
      durationSec: m.Duration,
    };
    return {
      id: `draft-${i}`,
      file: null,
      previewUrl: m.ImageVideoUrl,
      name: m.ImageVideoName,
      facts,
      uploaded: {
        result: m.ImageVideoUrl,
        file_name: m.ImageVideoName,
        file_size: m.ImageVideoSize,
        file_type: m.ImageVideoType,
        width: m.Width,
        height: m.Height,
        duration: m.Duration,
      },
      edited: false,
    };
  });
  const local =
    post.IsScheduled && post.ScheduledDate && post.ScheduledTime ? fromUtc(post.ScheduledDate, post.ScheduledTime) : null;
  const privacy = (YOUTUBE_PRIVACY_OPTIONS as readonly string[]).includes(post.PrivacyStatus ?? '')
    ? (post.PrivacyStatus as TYouTubePrivacy)
    : base.youtubePrivacy;
  return {
    ...base,
    networks,
    accountIds: targets.map((t) => t.UserSocialMediaID!),
    multi: media.length > 1,
    media,
    caption: post.CaptionDescription,
    title: post.Title ?? '',
    categoryId: post.CategoryID,
    youtubePrivacy: privacy,
    formats,
    tiktokPrivacy,
    scheduleOn: Boolean(local) && !post.InQueue,
    queueOn: Boolean(post.InQueue),
    date: local?.date ?? null,
    time: local?.time ?? base.time,
  };
}

/** Whether anything was entered (closing then asks first). */
export function isDirty(state: TComposerState, initial: TComposerState): boolean {
  const strip = (s: TComposerState) => ({ ...s, media: s.media.map((m) => `${m.id}:${m.edited}`) });
  return JSON.stringify(strip(state)) !== JSON.stringify(strip(initial));
}
