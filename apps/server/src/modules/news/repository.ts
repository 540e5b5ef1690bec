import { and, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { newsArticles } from '../../db/schema';
import type { TChanges } from '../../lib/changes';

export type TNewsRow = typeof newsArticles.$inferSelect;
export type TNewNews = typeof newsArticles.$inferInsert;

/** The one key every article change is told under: the news room's answers read many articles at once. */
export const NEWS_CHANGE_KEY = 'all';

/** The only place that touches the news_articles table. */
export function createNewsRepository(db: TDb, changes: TChanges) {
  /** Published and come by `now`. */
  const publicAt = (now: Date) => and(eq(newsArticles.status, 'PUBLISHED'), lte(newsArticles.publishedAt, now));
  const byDate = [desc(newsArticles.publishedAt), desc(newsArticles.createdAt), desc(newsArticles.id)];
  const yearOf = sql<number>`extract(year from ${newsArticles.publishedAt} at time zone 'UTC')::int`;

  return {
    async findById(id: string): Promise<TNewsRow | null> {
      const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
      return row ?? null;
    },
    /** Every published article's date (the moments the public news room changes on its own). */
    async publishedDates(): Promise<Date[]> {
      const rows = await db
        .select({ at: newsArticles.publishedAt })
        .from(newsArticles)
        .where(eq(newsArticles.status, 'PUBLISHED'));
      return rows.flatMap((r) => (r.at ? [r.at] : []));
    },
    async publicById(id: string, now: Date): Promise<TNewsRow | null> {
      const [row] = await db
        .select()
        .from(newsArticles)
        .where(and(eq(newsArticles.id, id), publicAt(now)));
      return row ?? null;
    },
    async newestPublic(now: Date, newsType: string, limit: number): Promise<TNewsRow[]> {
      return db
        .select()
        .from(newsArticles)
        .where(and(publicAt(now), eq(newsArticles.newsType, newsType)))
        .orderBy(...byDate)
        .limit(limit);
    },
    async publicPage(now: Date, f: { year?: number; newsType?: string }, offset: number, limit: number) {
      const conds: (SQL | undefined)[] = [publicAt(now)];
      if (f.newsType) conds.push(eq(newsArticles.newsType, f.newsType));
      if (f.year) {
        conds.push(gte(newsArticles.publishedAt, new Date(Date.UTC(f.year, 0, 1))));
        conds.push(lt(newsArticles.publishedAt, new Date(Date.UTC(f.year + 1, 0, 1))));
      }
      const where = and(...conds);
      const [docs, [{ total }]] = await Promise.all([
        db
          .select()
          .from(newsArticles)
          .where(where)
          .orderBy(...byDate)
          .offset(offset)
          .limit(limit),
        db.select({ total: count() }).from(newsArticles).where(where),
      ]);
      return { docs, total: Number(total) };
    },
    /** The years (UTC) that have public news, newest first. */
    async publicYears(now: Date): Promise<number[]> {
      const rows = await db.selectDistinct({ year: yearOf }).from(newsArticles).where(publicAt(now)).orderBy(desc(yearOf));
      return rows.map((r) => Number(r.year));
    },
    /** Every article, drafts too, newest written first. */
    async adminPage(status: string | undefined, offset: number, limit: number) {
      const where = status ? eq(newsArticles.status, status) : undefined;
      const [docs, [{ total }]] = await Promise.all([
        db
          .select()
          .from(newsArticles)
          .where(where)
          .orderBy(desc(newsArticles.updatedAt), desc(newsArticles.id))
          .offset(offset)
          .limit(limit),
        db.select({ total: count() }).from(newsArticles).where(where),
      ]);
      return { docs, total: Number(total) };
    },
    async insert(row: TNewNews): Promise<TNewsRow> {
      const [saved] = await db.insert(newsArticles).values(row).returning();
      await changes.changed('news', NEWS_CHANGE_KEY);
      return saved;
    },
    async update(id: string, patch: Partial<TNewNews>): Promise<TNewsRow | null> {
      const [saved] = await db.update(newsArticles).set(patch).where(eq(newsArticles.id, id)).returning();
      await changes.changed('news', NEWS_CHANGE_KEY);
      return saved ?? null;
    },
    async remove(id: string): Promise<boolean> {
      const gone = await db.delete(newsArticles).where(eq(newsArticles.id, id)).returning({ id: newsArticles.id });
      await changes.changed('news', NEWS_CHANGE_KEY);
      return gone.length > 0;
    },
  };
}
export type TNewsRepository = ReturnType<typeof createNewsRepository>;
