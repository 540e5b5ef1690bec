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
 * What in `post` a network with `limits` would refuse, in plain words naming the network (empty: nothing). The
 * composer shows these next to the network before submit; the server refuses the post with them.
 */
export function postLimitIssues(label: string, limits: TNetworkLimits, post: TLimitedPost): string[] {
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
      // an SVG is posted as the PNG the server draws from it on upload
      const type = m.mimeType === 'image/svg+xml' ? 'image/png' : m.mimeType;
      if (!i.types.includes(type)) issues.push(`${label} does not take ${type} photos`);
      if (m.bytes > i.maxBytes) issues.push(`${label} takes photos up to ${mb(i.maxBytes)}; one is ${mb(m.bytes)}`);
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
