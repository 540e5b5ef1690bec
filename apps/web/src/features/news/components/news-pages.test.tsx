import { screen, waitFor } from '@testing-library/react';
import type { TNews, TNewsPage } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage } from '../../../testing';
import { AllNewsPage } from './all-news-page';
import { NewsArticlePage } from './news-article-page';

const news = (over: Partial<TNews> = {}): TNews => ({
  _id: 'n1',
  title: 'Launch day',
  subHeading: `${'x'.repeat(126)}CUT`,
  description: '<p>Hello <strong>world</strong></p>',
  coverImg: 'https://cdn.example.com/cover.png',
  author: { firstName: 'Ada', lastName: 'Lovelace', profileImage: null },
  publishedAt: '2026-03-01T10:00:00.000Z',
  readTime: 2,
  newsType: 'HIGHLIGHTS',
  ...over,
});
const pageOf = (docs: TNews[], years = [2026, 2025]): TNewsPage => ({
  docs,
  totalDocs: docs.length,
  page: 1,
  limit: 9,
  totalPages: 1,
  years,
});

describe('the news list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the type and year in the address, cuts a sub-heading at 126 characters on its card', async () => {
    const calls = mockFetch((c) => (c.path === 'admin/news/getAllNews' ? ok(pageOf([news()])) : undefined));
    renderPage('/news-room/all-news?newsType=HIGHLIGHTS&year=2026', <AllNewsPage />);
    expect(await screen.findByRole('heading', { name: 'Launch day' })).toBeTruthy();
    expect(screen.getByText(`${'x'.repeat(126)}…`)).toBeTruthy();
    expect(screen.queryByText(/CUT/)).toBeNull();
    const q = calls.find((c) => c.path === 'admin/news/getAllNews')!.query;
    expect([q.get('newsType'), q.get('year'), q.get('page')]).toEqual(['HIGHLIGHTS', '2026', '1']);
  });

  it("says 'No Data Available' when nothing matches", async () => {
    mockFetch((c) => (c.path === 'admin/news/getAllNews' ? ok(pageOf([], [])) : undefined));
    renderPage('/news-room/all-news?year=2019', <AllNewsPage />);
    expect(await screen.findByText('No Data Available')).toBeTruthy();
  });
});

describe('an article', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the author, date, read time and description, and sets the title and Open Graph tags', async () => {
    mockFetch((c) => (c.path === 'admin/news/getNewsById' ? ok(news()) : undefined));
    renderPage('/news-room/all-news/n1', <NewsArticlePage />, { route: '/news-room/all-news/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Launch day' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('1 Mar 2026 · 2 min read')).toBeTruthy();
    expect(screen.getByText('world').tagName).toBe('STRONG');
    await waitFor(() => expect(document.title).toBe('Launch day | Virality News'));
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://cdn.example.com/cover.png',
    );
  });

  it("says 'No news found' for an article that is not public", async () => {
    mockFetch((c) => (c.path === 'admin/news/getNewsById' ? fail(404, 'No news found') : undefined));
    renderPage('/news-room/all-news/nope', <NewsArticlePage />, { route: '/news-room/all-news/:id' });
    expect(await screen.findByText('No news found')).toBeTruthy();
  });
});
