import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';

let t: TTestApp;
let admin: string;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'news-pages-'));

const article = (title: string) => ({
  title,
  subHeading: 'A sub-heading <for> crawlers',
  description: '<p>Body text</p>',
  authorFirstName: 'Ada',
  newsType: 'HIGHLIGHTS',
  coverImg: 'https://cdn.example.com/cover.png',
});

beforeAll(async () => {
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Virality</title><meta name="description" content="The site" /></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ WEB_DIST_DIR: dist });
  admin = (await buildUser(t, { profileType: 'ADMIN' as never })).token;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('what crawlers read', () => {
  it("serves an article's page with its title, description and Open Graph tags; a draft's page is the plain app", async () => {
    const made = (await call(t, 'POST', '/api/admin/news/create', { token: admin, body: article('Big "launch"') })).json.response;
    const draftPage = await t.app.inject({ method: 'GET', url: `/news-room/all-news/${made._id}` });
    expect(draftPage.statusCode).toBe(200);
    expect(draftPage.body).toContain('<title>Virality</title>');
    expect(draftPage.body).not.toContain('og:title');

    await call(t, 'POST', '/api/admin/news/publish', { token: admin, body: { newsId: made._id } });
    const page = await t.app.inject({ method: 'GET', url: `/news-room/all-news/${made._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Big &quot;launch&quot; | Virality News</title>');
    expect(page.body).toContain('<meta property="og:title" content="Big &quot;launch&quot;" />');
    expect(page.body).toContain('<meta name="description" content="A sub-heading &lt;for&gt; crawlers" />');
    expect(page.body).toContain('<meta property="og:image" content="https://cdn.example.com/cover.png" />');
    expect(page.body).not.toContain('content="The site"');
  });

  it("serves an article whose title and sub-heading hold $` $' $& as written: the page is not pasted into its head", async () => {
    const made = (
      await call(t, 'POST', '/api/admin/news/create', {
        token: admin,
        body: { ...article("Deals: $` and $' and $&"), subHeading: "Was $' now $`" },
      })
    ).json.response;
    await call(t, 'POST', '/api/admin/news/publish', { token: admin, body: { newsId: made._id } });
    const page = await t.app.inject({ method: 'GET', url: `/news-room/all-news/${made._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Deals: $` and $' and $&amp; | Virality News</title>");
    expect(page.body).toContain(`<meta property="og:title" content="Deals: $\` and $' and $&amp;" />`);
    expect(page.body).toContain(`<meta name="description" content="Was $' now $\`" />`);
    for (const once of ['<!doctype html>', '<head>', '</head>', '<body>', '<div id="root">'])
      expect(page.body.split(once), once).toHaveLength(2);
  });

  it('lists the public pages and every public article in /sitemap.xml, never a draft', async () => {
    const live = (await call(t, 'POST', '/api/admin/news/create', { token: admin, body: article('Live') })).json.response;
    await call(t, 'POST', '/api/admin/news/publish', { token: admin, body: { newsId: live._id } });
    const draft = (await call(t, 'POST', '/api/admin/news/create', { token: admin, body: article('Draft') })).json.response;
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.body).toContain(`/news-room/all-news/${live._id}</loc>`);
    expect(res.body).toContain('/news-room</loc>');
    expect(res.body).not.toContain(draft._id);
  });
});
