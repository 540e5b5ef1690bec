import { z } from 'zod';

/** The kinds of news article, in the order the news room shows them. */
export const NEWS_TYPES = ['HIGHLIGHTS', 'NEW_RELEASE', 'MEDIA_COVERAGE'] as const;
export type TNewsType = (typeof NEWS_TYPES)[number];
export const NEWS_TYPE_LABELS: Record<TNewsType, string> = {
  HIGHLIGHTS: 'Highlights',
  NEW_RELEASE: 'Press releases',
  MEDIA_COVERAGE: 'Media coverage',
};

export const NEWS_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type TNewsStatus = (typeof NEWS_STATUSES)[number];

/** How many articles a page of the news list holds, and how many each section of the news room previews. */
export const NEWS_PAGE_SIZE = 9;
export const NEWS_PREVIEW_COUNT = 3;
/** A card shows at most this many characters of an article's sub-heading. */
export const NEWS_SUBHEADING_CARD_CHARS = 126;
/** Words read in a minute: an article's read time is its words over this, rounded up, at least one minute. */
export const NEWS_WORDS_PER_MINUTE = 200;

export const NEWS_LIMITS = { title: 200, subHeading: 500, description: 100_000, authorName: 60, url: 2048 } as const;

/** A card's sub-heading: cut at NEWS_SUBHEADING_CARD_CHARS characters, with an ellipsis when it was cut. */
export function cardSubHeading(text: string | null | undefined): string {
  const s = (text ?? '').trim();
  return s.length > NEWS_SUBHEADING_CARD_CHARS ? `${s.slice(0, NEWS_SUBHEADING_CARD_CHARS).trimEnd()}…` : s;
}

/** The read time of a text (plain words): words / NEWS_WORDS_PER_MINUTE rounded up, at least 1. */
export function readTimeMinutes(plainText: string): number {
  const words = plainText.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / NEWS_WORDS_PER_MINUTE));
}

/** An article as the news room shows it. */
export const zNews = z.object({
  _id: z.string(),
  title: z.string(),
  subHeading: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  coverImg: z.string().nullable(),
  author: z.object({ firstName: z.string(), lastName: z.string(), profileImage: z.string().nullable() }),
  publishedAt: z.string().nullable(),
  readTime: z.number(),
  newsType: z.enum(NEWS_TYPES),
});
export type TNews = z.infer<typeof zNews>;

/** An article as the console shows it: with its status and when it was written. */
export const zAdminNews = zNews.extend({
  status: z.enum(NEWS_STATUSES),
  /** Whether the news room shows it now, on the product clock (published and its date has come). */
  live: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminNews = z.infer<typeof zAdminNews>;

export const zFeatureNews = z.object({
  highLightNews: z.array(zNews),
  newReleaseNews: z.array(zNews),
  mediaCover: z.array(zNews),
});
export type TFeatureNews = z.infer<typeof zFeatureNews>;

const zPaged = <T extends z.ZodType>(doc: T) =>
  z.object({ docs: z.array(doc), totalDocs: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() });

/** A page of the news list, with every year that has news (newest first) for the year filter. */
export const zNewsPage = zPaged(zNews).extend({ years: z.array(z.number()) });
export type TNewsPage = z.infer<typeof zNewsPage>;
export const zAdminNewsPage = zPaged(zAdminNews);
export type TAdminNewsPage = z.infer<typeof zAdminNewsPage>;

const zPage = z.coerce.number().int().min(1).max(10_000).default(1);

/** The news room's filters offer 'All' (every year, every type): sent as a filter, it means none. */
export const NEWS_FILTER_ALL = 'All';
const NEWS_YEAR_MESSAGE = 'year must be All or a year from 2000 to 2100';
const allMeansNone = <T>(v: T | typeof NEWS_FILTER_ALL | undefined): T | undefined => (v === NEWS_FILTER_ALL ? undefined : v);

export const zNewsListQuery = z.object({
  year: z
    .union(
      [
        z.literal(NEWS_FILTER_ALL),
        z.coerce.number().int(NEWS_YEAR_MESSAGE).min(2000, NEWS_YEAR_MESSAGE).max(2100, NEWS_YEAR_MESSAGE),
      ],
      { error: NEWS_YEAR_MESSAGE },
    )
    .optional()
    .transform(allMeansNone),
  newsType: z
    .enum([NEWS_FILTER_ALL, ...NEWS_TYPES], { error: `newsType must be one of ${[NEWS_FILTER_ALL, ...NEWS_TYPES].join(', ')}` })
    .optional()
    .transform(allMeansNone),
  page: zPage,
});
export type TNewsListQuery = z.input<typeof zNewsListQuery>;

export const zNewsIdQuery = z.object({ newsId: z.string().trim().min(1).max(64) });

export const zAdminNewsListQuery = z.object({ status: z.enum(NEWS_STATUSES).optional(), page: zPage });

const zImageUrl = z
  .string()
  .trim()
  .max(NEWS_LIMITS.url)
  .refine((s) => /^https?:\/\/[^\s"'<>]+$/i.test(s), 'Image must be an http(s) address')
  .nullable()
  .optional();

/** What an admin writes: the description as HTML (sanitized by the server before it is kept). */
export const zNewsInput = z.object({
  title: z.string().trim().min(1, 'Title is required').max(NEWS_LIMITS.title),
  subHeading: z.string().trim().max(NEWS_LIMITS.subHeading).default(''),
  description: z.string().min(1, 'Description is required').max(NEWS_LIMITS.description),
  coverImg: zImageUrl,
  authorFirstName: z.string().trim().min(1, 'Author first name is required').max(NEWS_LIMITS.authorName),
  authorLastName: z.string().trim().max(NEWS_LIMITS.authorName).default(''),
  authorImage: zImageUrl,
  newsType: z.enum(NEWS_TYPES),
  /** When it goes public once published (a future date schedules it); none: when it is published. */
  publishedAt: z.iso.datetime({ offset: true }).max(40).nullable().optional(),
});
export type TNewsInput = z.input<typeof zNewsInput>;

export const zNewsPublish = z.object({ newsId: z.string().trim().min(1).max(64) });

export const zNewsImage = z.object({ url: z.string() });

/** What the console's preview asks for: the description as the editor holds it. */
export const zNewsPreviewInput = z.object({
  description: z.string().min(1, 'Description is required').max(NEWS_LIMITS.description),
});
/** The description as the news room would show it (the server's allow-list applied) and its read time. */
export const zNewsPreview = z.object({ description: z.string(), readTime: z.number().int() });

export const NEWS_RESPONSES = {
  'GET /admin/news/getAllFeatureNews': zFeatureNews,
  'GET /admin/news/getAllNews': zNewsPage,
  'GET /admin/news/getNewsById': zNews,
  'GET /admin/news/list': zAdminNewsPage,
  'GET /admin/news/get': zAdminNews,
  'POST /admin/news/create': zAdminNews,
  'PUT /admin/news/update': zAdminNews,
  'POST /admin/news/publish': zAdminNews,
  'POST /admin/news/unpublish': zAdminNews,
  'DELETE /admin/news/delete': z.null(),
  'POST /admin/news/uploadImage': zNewsImage,
  'POST /admin/news/preview': zNewsPreview,
} as const;
