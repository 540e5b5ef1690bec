import {
  NEWS_MSG,
  NEWS_PAGE_SIZE,
  NEWS_PREVIEW_COUNT,
  readTimeMinutes,
  type TAdminNews,
  type TFeatureNews,
  type TNews,
  type TNewsPage,
  type TNewsType,
  type zNewsInput,
} from '@virality/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { badRequest, notFound } from '../../errors';
import type { TStorage } from '../../integrations/storage';
import { createCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';
import { newId } from '../../lib/ids';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuditService } from '../admin/audit';
import { NEWS_CHANGE_KEY, type TNewsRepository, type TNewsRow } from './repository';
import { plainText, sanitizeHtml } from './sanitize';

type TInput = z.output<typeof zNewsInput>;

export const toNews = (r: TNewsRow): TNews => ({
  _id: r.id,
  title: r.title,
  subHeading: r.subHeading ?? '',
  description: r.description,
  coverImg: r.coverImage,
  author: { firstName: r.authorFirstName ?? '', lastName: r.authorLastName ?? '', profileImage: r.authorImage },
  publishedAt: r.publishedAt?.toISOString() ?? null,
  readTime: r.readTimeMinutes,
  newsType: r.newsType as TNewsType,
});

/** An article as the console shows it; `live` says whether the news room shows it at `now` (the product clock). */
export const toAdminNews = (r: TNewsRow, now: Date): TAdminNews => ({
  ...toNews(r),
  status: r.status as TAdminNews['status'],
  live: r.status === 'PUBLISHED' && !!r.publishedAt && r.publishedAt.getTime() <= now.getTime(),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** What the audit log keeps of an article: all but the description's body (its length stands for it). */
const audited = (r: TNewsRow | null) =>
  r && {
    ...toAdminNews(r, new Date(0)),
    live: undefined,
    description: undefined,
    descriptionLength: r.description.length,
  };

export function createNewsService(deps: {
  repo: TNewsRepository;
  clock: Clock;
  changes: TChanges;
  storage: TStorage;
  unitOfWork: TUnitOfWork;
  audit: TAuditService;
}) {
  const { repo, clock, storage, unitOfWork, audit } = deps;
  const TAGS: [['news', string]] = [['news', NEWS_CHANGE_KEY]];
  // Every public answer is kept until an article changes. What is public also changes when a scheduled article's
  // date comes: each answer is kept under how many published dates have come (read from the kept list of dates),
  // so the first call after such a date reads anew, on the product clock, whichever way the clock moved.
  const cache = createCache<unknown>(deps.changes, { ttlMs: 10 * 60_000, max: 500, tags: () => TAGS, missTags: () => TAGS });
  const cached = <T>(key: string, load: () => Promise<T | null>) => cache.get(key, load) as Promise<T | null>;
  const dueNow = async (now: Date) => {
    const dates = (await cached('dates', async () => (await repo.publishedDates()).map((d) => d.getTime()))) ?? [];
    return dates.filter((t) => t <= now.getTime()).length;
  };

  const requireArticle = async (id: string) => {
    const row = await repo.findById(id);
    if (!row) throw notFound(NEWS_MSG.noNews);
    return row;
  };
  /** The stored fields of an input: the description sanitized, its read time counted. */
  const fieldsOf = (input: TInput) => {
    const description = sanitizeHtml(input.description);
    const text = plainText(description);
    if (!text && !/<img /.test(description)) throw badRequest(NEWS_MSG.descriptionEmpty);
    return {
      title: input.title,
      subHeading: input.subHeading,
      description,
      coverImage: input.coverImg ?? null,
      authorFirstName: input.authorFirstName,
      authorLastName: input.authorLastName,
      authorImage: input.authorImage ?? null,
      newsType: input.newsType,
      publishedAt: input.publishedAt ? new Date(input.publishedAt) : null,
      readTimeMinutes: readTimeMinutes(text),
    };
  };
  /** Writes and its audit row commit together. */
  const write = async (
    actorId: string,
    action: string,
    id: string,
    before: TNewsRow | null,
    run: () => Promise<TNewsRow | null>,
  ) =>
    unitOfWork(async () => {
      const after = await run();
      await audit.record({ actorId, action, targetType: 'news', targetId: id, before: audited(before), after: audited(after) });
      return after;
    });

  return {
    // ── the public news room ─────────────────────────────────────────────────────────────────────────
    async featured(): Promise<TFeatureNews> {
      const now = clock.now();
      const due = await dueNow(now);
      const load = async () => {
        const [h, r, m] = await Promise.all(
          (['HIGHLIGHTS', 'NEW_RELEASE', 'MEDIA_COVERAGE'] as const).map((t) => repo.newestPublic(now, t, NEWS_PREVIEW_COUNT)),
        );
        return { highLightNews: h.map(toNews), newReleaseNews: r.map(toNews), mediaCover: m.map(toNews) };
      };
      return (await cached<TFeatureNews>(`featured|${due}`, load)) ?? load();
    },
    async page(q: { year?: number; newsType?: TNewsType; page: number }): Promise<TNewsPage> {
      const now = clock.now();
      const due = await dueNow(now);
      const load = async () => {
        const [{ docs, total }, years] = await Promise.all([
          repo.publicPage(now, q, (q.page - 1) * NEWS_PAGE_SIZE, NEWS_PAGE_SIZE),
          repo.publicYears(now),
        ]);
        return {
          docs: docs.map(toNews),
          totalDocs: total,
          page: q.page,
          limit: NEWS_PAGE_SIZE,
          totalPages: Math.ceil(total / NEWS_PAGE_SIZE),
          years,
        };
      };
      return (await cached<TNewsPage>(`page|${q.year ?? ''}|${q.newsType ?? ''}|${q.page}|${due}`, load)) ?? load();
    },
    async publicOne(id: string): Promise<TNews> {
      const now = clock.now();
      const due = await dueNow(now);
      const news = await cached<TNews>(`one|${due}|${id}`, async () => {
        const row = await repo.publicById(id, now);
        return row && toNews(row);
      });
      if (!news) throw notFound(NEWS_MSG.noNews);
      return news;
    },
    /** Every public article's id and last change, for the sitemap. */
    async sitemapEntries(): Promise<{ id: string; at: string }[]> {
      const first = await this.page({ page: 1 });
      const all = [...first.docs];
      for (let p = 2; p <= first.totalPages && p <= 200; p++) all.push(...(await this.page({ page: p })).docs);
      return all.map((n) => ({ id: n._id, at: n.publishedAt ?? '' }));
    },

    // ── the console ──────────────────────────────────────────────────────────────────────────────────
    async list(q: { status?: string; page: number }) {
      const { docs, total } = await repo.adminPage(q.status, (q.page - 1) * NEWS_PAGE_SIZE, NEWS_PAGE_SIZE);
      return {
        docs: docs.map((d) => toAdminNews(d, clock.now())),
        totalDocs: total,
        page: q.page,
        limit: NEWS_PAGE_SIZE,
        totalPages: Math.ceil(total / NEWS_PAGE_SIZE),
      };
    },
    async get(id: string) {
      return toAdminNews(await requireArticle(id), clock.now());
    },
    /** The console's preview: the description as the news room would show it, and its read time; nothing kept. */
    preview(description: string) {
      const clean = sanitizeHtml(description);
      return { description: clean, readTime: readTimeMinutes(plainText(clean)) };
    },

    /** A new article, always a draft. */
    async create(actorId: string, input: TInput) {
      const fields = fieldsOf(input);
      const now = clock.now();
      const id = newId();
      const row = { id, ...fields, status: 'DRAFT', createdBy: actorId, createdAt: now, updatedAt: now };
      const saved = await write(actorId, 'news.create', id, null, () => repo.insert(row));
      return toAdminNews(saved as TNewsRow, clock.now());
    },
    async update(actorId: string, id: string, input: TInput) {
      const before = await requireArticle(id);
      const fields = fieldsOf(input);
      // a published article keeps a date: cleared, it stays public from when it was published
      const publishedAt = fields.publishedAt ?? (before.status === 'PUBLISHED' ? before.publishedAt : null);
      const saved = await write(actorId, 'news.update', id, before, () =>
        repo.update(id, { ...fields, publishedAt, updatedAt: clock.now() }),
      );
      if (!saved) throw notFound(NEWS_MSG.noNews);
      return toAdminNews(saved, clock.now());
    },
    /** Published from its date (a future one schedules it), or from now when it has none. */
    async publish(actorId: string, id: string) {
      const before = await requireArticle(id);
      const now = clock.now();
      const saved = await write(actorId, 'news.publish', id, before, () =>
        repo.update(id, { status: 'PUBLISHED', publishedAt: before.publishedAt ?? now, updatedAt: now }),
      );
      if (!saved) throw notFound(NEWS_MSG.noNews);
      return toAdminNews(saved, clock.now());
    },
    /** Back to a draft: gone from the news room at once; it keeps its date. */
    async unpublish(actorId: string, id: string) {
      const before = await requireArticle(id);
      const saved = await write(actorId, 'news.unpublish', id, before, () =>
        repo.update(id, { status: 'DRAFT', updatedAt: clock.now() }),
      );
      if (!saved) throw notFound(NEWS_MSG.noNews);
      return toAdminNews(saved, clock.now());
    },
    async remove(actorId: string, id: string) {
      const before = await requireArticle(id);
      await write(actorId, 'news.delete', id, before, async () => {
        await repo.remove(id);
        return null;
      });
    },
    /** A cover or author picture (already read as an image by the upload rules): its public address. */
    async uploadImage(bytes: Buffer, ext: string, mime: string) {
      return storage.put(`news/${newId()}.${ext}`, bytes, mime);
    },
  };
}
export type TNewsService = ReturnType<typeof createNewsService>;
