import type { TNews } from '@virality/domain';

/**
 * An article's date as the news room shows it: '26 Nov 2026', the day of its publication in UTC: the same for every
 * reader, and the same in the page the server renders as in the app that takes it over.
 */
export const newsDate = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : '';

export const authorName = (n: Pick<TNews, 'author'>): string => `${n.author.firstName} ${n.author.lastName}`.trim();

export const readTimeLabel = (minutes: number): string => `${minutes} min read`;

/** Where an article is read. */
export const newsPath = (id: string): string => `/news-room/all-news/${encodeURIComponent(id)}`;
