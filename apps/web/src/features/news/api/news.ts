import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFeatureNews, TNews, TNewsPage, TNewsType } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** Every query of the news room starts with this key (the console's writes read them all again). */
export const NEWS_KEY = ['news'] as const;

/** GET admin/news/getAllFeatureNews: the three newest public articles of each type. */
export async function getFeatureNews(): Promise<TFeatureNews> {
  return (await api.get('admin/news/getAllFeatureNews')).response;
}
export const featureNewsQuery = () => queryOptions({ queryKey: [...NEWS_KEY, 'featured'], queryFn: getFeatureNews });
export const useFeatureNews = () => useQuery(featureNewsQuery());

export type TNewsFilter = { year: number | null; newsType: TNewsType | null; page: number };

/** GET admin/news/getAllNews: a page of public articles, by year and type, and every year that has news. */
export async function getNewsPage(f: TNewsFilter): Promise<TNewsPage> {
  return (await api.get('admin/news/getAllNews', { year: f.year, newsType: f.newsType, page: f.page })).response;
}
export const useNewsPage = (f: TNewsFilter) =>
  useQuery({ queryKey: [...NEWS_KEY, 'page', f], queryFn: () => getNewsPage(f), placeholderData: keepPreviousData });

/** GET admin/news/getNewsById: one public article (404 'No news found' otherwise). */
export async function getNews(id: string): Promise<TNews> {
  return (await api.get('admin/news/getNewsById', { newsId: id })).response;
}
export const useNews = (id: string) => useQuery({ queryKey: [...NEWS_KEY, 'one', id], queryFn: () => getNews(id), retry: false });
