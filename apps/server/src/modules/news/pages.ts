import fs from 'node:fs';
import path from 'node:path';
import { cardSubHeading, NEWS_SUBHEADING_CARD_CHARS } from '@virality/domain';
import type { FastifyPluginAsync } from 'fastify';
import { plainText } from './sanitize';
import type { TNewsService } from './service';

/** The public pages a crawler is told about, besides the articles. */
const PUBLIC_PAGES = ['/', '/pricing', '/news-room', '/news-room/all-news', '/terms-and-conditions', '/privacy-policy'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head of the web app's page with an article's title, description and Open Graph tags in place of its own. */
export function articleHead(html: string, a: { title: string; description: string; url: string; image: string | null }): string {
  const tags = [
    `<title>${esc(a.title)} | Virality News</title>`,
    `<meta name="description" content="${esc(a.description)}" />`,
    '<meta property="og:type" content="article" />',
    `<meta property="og:title" content="${esc(a.title)}" />`,
    `<meta property="og:description" content="${esc(a.description)}" />`,
    `<meta property="og:url" content="${esc(a.url)}" />`,
    '<meta property="og:site_name" content="Virality" />',
    ...(a.image ? [`<meta property="og:image" content="${esc(a.image)}" />`] : []),
    `<meta name="twitter:card" content="${a.image ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  // a replacer function, never a replacement string: '$`', "$'" and '$&' in a title are text, not patterns
  return html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/i, '')
    .replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}

/**
 * What crawlers read: /sitemap.xml (the public pages and every public article), and an article's page served with
 * its own title, description and Open Graph tags in the HTML (the web app sets the same once it runs). An article
 * that is not public gets the web app's page as it is, which says 'No news found'.
 */
export const newsPageRoutes =
  (news: TNewsService, opts: { webDistDir: string; publicUrl: string; serveSpa: boolean }): FastifyPluginAsync =>
  async (app) => {
    const indexFile = path.join(opts.webDistDir, 'index.html');
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
      const articles = await news.sitemapEntries();
      const urls = [
        ...PUBLIC_PAGES.map((p) => `  <url><loc>${esc(opts.publicUrl + p)}</loc></url>`),
        ...articles.map(
          (a) =>
            `  <url><loc>${esc(`${opts.publicUrl}/news-room/all-news/${encodeURIComponent(a.id)}`)}</loc>${
              a.at ? `<lastmod>${a.at.slice(0, 10)}</lastmod>` : ''
            }</url>`,
        ),
      ];
      return reply
        .type('application/xml')
        .header('cache-control', 'no-cache')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
        );
    });
    // without the web app's build (the API alone) there is no page to serve
    if (!opts.serveSpa) return;
    // a page of the web app, not an API call: kept out of the API description
    app.get<{ Params: { id: string } }>('/news-room/all-news/:id', { schema: { hide: true } }, async (req, reply) => {
      const html = await fs.promises.readFile(indexFile, 'utf8');
      const article = await news.publicOne(req.params.id.slice(0, 64)).catch(() => null);
      const page = article
        ? articleHead(html, {
            title: article.title,
            description:
              cardSubHeading(article.subHeading) ||
              cardSubHeading(plainText(article.description).slice(0, NEWS_SUBHEADING_CARD_CHARS + 1)),
            url: `${opts.publicUrl}/news-room/all-news/${encodeURIComponent(article._id)}`,
            image: article.coverImg,
          })
        : html;
      return reply.type('text/html').header('cache-control', 'no-cache').send(page);
    });
  };
