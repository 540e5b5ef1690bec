import { MEDIA_CONVERT_MSG } from '../messages';
import type { TSocialNetworkKey } from './social';

/**
 * What each network accepts in one post, as its adapter declares it: the composer checks a draft against these
 * before submit (next to each network), and the server checks again before anything is sent. Sizes in bytes,
 * durations in seconds, aspect ratios as width / height.
 */
export type TNetworkLimits = {
  /** The longest caption or text, in characters. */
  textMax: number;
  /** Whether a post may be text only. */
  textOnly: boolean;
  /** How many media files one post may carry (a carousel's items). */
  mediaMax: number;
  /** Whether images and videos may be mixed in one post. */
  mixedMedia: boolean;
  image: {
    types: readonly string[];
    maxBytes: number;
    minWidth: number | null;
    maxWidth: number | null;
    /** The narrowest and widest aspect ratio (null: any). */
    minAspect: number | null;
    maxAspect: number | null;
  } | null;
  video: {
    types: readonly string[];
    maxBytes: number;
    minSeconds: number;
    maxSeconds: number;
    maxWidth: number | null;
    /** How many videos one post may carry. */
    maxCount: number;
  } | null;
  /** The formats the network offers besides a feed post. */
  formats: readonly ('post' | 'story' | 'reel')[];
  /** Posts one account may publish in 24 hours through the API (null: not limited by count). */
  postsPerDay: number | null;
};

const JPEG_PNG = ['image/jpeg', 'image/png'] as const;
const MP4_MOV = ['video/mp4', 'video/quicktime'] as const;
const MB = 1024 * 1024;

export const NETWORK_LIMITS: Record<TSocialNetworkKey, TNetworkLimits> = {
  instagram: {
    textMax: 2200,
    textOnly: false,
    mediaMax: 10,
    mixedMedia: true,
    image: { types: ['image/jpeg'], maxBytes: 8 * MB, minWidth: 320, maxWidth: 1440, minAspect: 4 / 5, maxAspect: 1.91 },
    video: { types: MP4_MOV, maxBytes: 300 * MB, minSeconds: 3, maxSeconds: 15 * 60, maxWidth: 1920, maxCount: 10 },
    formats: ['post', 'story', 'reel'],
    postsPerDay: 100,
  },
  facebook: {
    textMax: 63206,
    textOnly: true,
    mediaMax: 10,
    mixedMedia: false,
    image: { types: JPEG_PNG, maxBytes: 4 * MB, minWidth: null, maxWidth: null, minAspect: null, maxAspect: null },
    video: { types: MP4_MOV, maxBytes: 1024 * MB, minSeconds: 1, maxSeconds: 240 * 60, maxWidth: null, maxCount: 1 },
    formats: ['post', 'story', 'reel'],
    postsPerDay: null,
  },
  youtube: {
    textMax: 5000,
    textOnly: false,
    mediaMax: 1,
    mixedMedia: false,
    image: null,
    video: {
      types: [...MP4_MOV, 'video/webm'],
      maxBytes: 2048 * MB,
      minSeconds: 1,
      maxSeconds: 12 * 3600,
      maxWidth: null,
      maxCount: 1,
    },
    formats: ['post'],
    postsPerDay: null,
  },
  linkedin: {
    textMax: 3000,
    textOnly: true,
    mediaMax: 20,
    mixedMedia: false,
    image: {
      types: [...JPEG_PNG, 'image/gif'],
      maxBytes: 8 * MB,
      minWidth: null,
      maxWidth: null,
      minAspect: null,
      maxAspect: null,
    },
    video: { types: ['video/mp4'], maxBytes: 500 * MB, minSeconds: 3, maxSeconds: 30 * 60, maxWidth: null, maxCount: 1 },
    formats: ['post'],
    postsPerDay: 150,
  },
  tiktok: {
    textMax: 2200,
    textOnly: false,
    mediaMax: 35,
    mixedMedia: false,
    image: {
      types: ['image/jpeg', 'image/webp'],
      maxBytes: 20 * MB,
      minWidth: null,
      maxWidth: 1080,
      minAspect: null,
      maxAspect: null,
    },
    video: {
      types: [...MP4_MOV, 'video/webm'],
      maxBytes: 4096 * MB,
      minSeconds: 3,
      maxSeconds: 600,
      maxWidth: null,
      maxCount: 1,
    },
    formats: ['post'],
    postsPerDay: 15,
  },
  twitter: {
    textMax: 280,
    textOnly: true,
    mediaMax: 4,
    mixedMedia: false,
    image: {
      types: [...JPEG_PNG, 'image/webp', 'image/gif'],
      maxBytes: 5 * MB,
      minWidth: null,
      maxWidth: null,
      minAspect: null,
      maxAspect: null,
    },
    video: { types: ['video/mp4'], maxBytes: 512 * MB, minSeconds: 0.5, maxSeconds: 140, maxWidth: 1280, maxCount: 1 },
    formats: ['post'],
    postsPerDay: null,
  },
  threads: {
    textMax: 500,
    textOnly: true,
    mediaMax: 20,
    mixedMedia: true,
    image: { types: JPEG_PNG, maxBytes: 8 * MB, minWidth: 320, maxWidth: 1440, minAspect: null, maxAspect: null },
    video: { types: MP4_MOV, maxBytes: 1024 * MB, minSeconds: 0, maxSeconds: 5 * 60, maxWidth: 1920, maxCount: 20 },
    formats: ['post'],
    postsPerDay: 250,
  },
};

/** The figures a post's analytics may carry; a network gives some of them. */
export const POST_METRICS = [
  'views',
  'reach',
  'likes',
  'comments',
  'shares',
  'saves',
  'clicks',
  'reposts',
  'quotes',
  'bookmarks',
] as const;
export type TPostMetric = (typeof POST_METRICS)[number];
export type TPostMetrics = Partial<Record<TPostMetric, number>>;

/** A post as the limits see it: its format, text and media (sizes in bytes, durations in seconds). */
export type TLimitedPost = {
  format: 'post' | 'story' | 'reel';
  text: string;
  media: {
    type: 'image' | 'video';
    mimeType: string;
    bytes: number;
    width: number | null;
    height: number | null;
    durationSec: number | null;
  }[];
};

const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * The photo types the server turns into a JPEG for a network that does not take them as they are (an SVG is
 * stored as the PNG drawn from it, so it is one of them). A GIF is never converted: it may move.
 */
export const CONVERTIBLE_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** What the server does to a photo before it goes to a network (see imageConversion). */
export type TImageConversion = {
  /** Its type is not one the network takes: it is sent as a JPEG. */
  toJpeg: boolean;
  /** It weighs more than the network takes: it is re-encoded (as a JPEG) to fit. */
  reencode: boolean;
};

/** A photo's type as a network sees it: an SVG is posted as the PNG the server draws from it on upload. */
const postedType = (mimeType: string) => (mimeType === 'image/svg+xml' ? 'image/png' : mimeType);

/**
 * Whether a photo must be converted before it goes to a network with `limits`, and how: null when the network
 * takes it as it is, or when no conversion can help (the network takes no photos or no JPEG, or the photo is a
 * GIF): those stay refusals. A conversion changes the type and the weight only, never the pixels' count or
 * shape, so a photo too small, too wide or of the wrong aspect is refused all the same.
 */
export function imageConversion(limits: TNetworkLimits, m: { mimeType: string; bytes: number }): TImageConversion | null {
  const i = limits.image;
  if (!i?.types.includes('image/jpeg')) return null;
  const type = postedType(m.mimeType);
  if (!CONVERTIBLE_IMAGE_TYPES.includes(type)) return null;
  const toJpeg = !i.types.includes(type);
  const reencode = m.bytes > i.maxBytes;
  return toJpeg || reencode ? { toJpeg, reencode } : null;
}

/**
 * What in `post` a network with `limits` would refuse, in plain words naming the network (empty: nothing). The
 * composer shows these next to the network before submit; the server refuses the post with them. A photo the
 * server converts for the network (imageConversion) is not refused: it is a notice (postLimitNotices). `asSent`:
 * the media are what is sent to the network (an adapter's last check), so nothing is converted any more and a
 * type or a weight the network does not take is refused.
 */
export function postLimitIssues(
  label: string,
  limits: TNetworkLimits,
  post: TLimitedPost,
  opts: { asSent?: boolean } = {},
): string[] {
  const issues: string[] = [];
  if (!limits.formats.includes(post.format)) issues.push(`${label} does not take a ${post.format} from Virality`);
  const chars = [...post.text].length;
  if (chars > limits.textMax) issues.push(`${label} allows ${limits.textMax} characters; this post has ${chars}`);
  const images = post.media.filter((m) => m.type === 'image');
  const videos = post.media.filter((m) => m.type === 'video');
  if (post.media.length === 0 && !limits.textOnly) issues.push(`${label} needs a photo or a video`);
  if (post.media.length === 0 && !post.text.trim()) issues.push(`A ${label} post needs text or media`);
  if (post.media.length > limits.mediaMax) issues.push(`${label} takes at most ${limits.mediaMax} files in one post`);
  if (images.length && videos.length && !limits.mixedMedia) issues.push(`${label} does not mix photos and videos in one post`);
  if (images.length && !limits.image) issues.push(`${label} takes videos only`);
  if (videos.length && !limits.video) issues.push(`${label} takes photos only`);
  if (limits.image)
    for (const m of images) {
      const i = limits.image;
      const type = postedType(m.mimeType);
      const fix = opts.asSent ? null : imageConversion(limits, m);
      if (!i.types.includes(type) && !fix?.toJpeg) issues.push(`${label} does not take ${type} photos`);
      if (m.bytes > i.maxBytes && !fix?.reencode)
        issues.push(`${label} takes photos up to ${mb(i.maxBytes)}; one is ${mb(m.bytes)}`);
      if (m.width !== null && i.minWidth !== null && m.width < i.minWidth)
        issues.push(`${label} needs photos at least ${i.minWidth} px wide`);
      if (m.width !== null && i.maxWidth !== null && m.width > i.maxWidth)
        issues.push(`${label} takes photos up to ${i.maxWidth} px wide`);
      if (m.width && m.height) {
        const ratio = m.width / m.height;
        if ((i.minAspect !== null && ratio < i.minAspect - 0.005) || (i.maxAspect !== null && ratio > i.maxAspect + 0.005))
          issues.push(`${label} takes photos between ${i.minAspect?.toFixed(2)}:1 and ${i.maxAspect?.toFixed(2)}:1`);
      }
    }
  if (limits.video) {
    const v = limits.video;
    if (videos.length > v.maxCount)
      issues.push(`${label} takes ${v.maxCount === 1 ? 'one video' : `${v.maxCount} videos`} per post`);
    for (const m of videos) {
      if (!v.types.includes(m.mimeType)) issues.push(`${label} does not take ${m.mimeType} videos`);
      if (m.bytes > v.maxBytes) issues.push(`${label} takes videos up to ${mb(v.maxBytes)}; one is ${mb(m.bytes)}`);
      if (m.durationSec !== null && (m.durationSec < v.minSeconds || m.durationSec > v.maxSeconds))
        issues.push(`${label} takes videos from ${v.minSeconds} to ${v.maxSeconds} seconds long`);
      if (m.width !== null && v.maxWidth !== null && m.width > v.maxWidth)
        issues.push(`${label} takes videos up to ${v.maxWidth} px wide`);
    }
  }
  return issues;
}

/**
 * What the server will do to the photos of `post` before they go to a network with `limits`, in plain words
 * naming the network (empty: they go as they are): 'converted to JPEG for Instagram', "re-encoded to fit
 * Instagram's 8 MB limit". Each is said once per network, however many photos it concerns. A notice never
 * blocks a post; the composer shows it next to the network, in another colour than a refusal.
 */
export function postLimitNotices(label: string, limits: TNetworkLimits, post: TLimitedPost): string[] {
  const notices = new Set<string>();
  for (const m of post.media) {
    if (m.type !== 'image') continue;
    const fix = imageConversion(limits, m);
    if (fix?.toJpeg) notices.add(MEDIA_CONVERT_MSG.convertedToJpeg(label));
    if (fix?.reencode && limits.image) notices.add(MEDIA_CONVERT_MSG.reencodedToFit(label, limits.image.maxBytes));
  }
  return [...notices];
}
