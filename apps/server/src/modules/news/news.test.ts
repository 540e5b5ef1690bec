import { NEWS_LIMITS, NEWS_WORDS_PER_MINUTE, PROFILE_TYPES } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { articleHead } from './pages';
import { sanitizeHtml } from './sanitize';

let t: TTestApp;
let admin: string;
let adminId: string;
let adminUser: Awaited<ReturnType<typeof buildUser>>['user'];
const DAY = 86_400_000;

const article = (over: Record<string, unknown> = {}) => ({
  title: 'Virality launches the news room',
  subHeading: 'Everything new, in one place',
  description: '<p>Hello <strong>world</strong></p>',
  authorFirstName: 'Ada',
  authorLastName: 'Lovelace',
  newsType: 'HIGHLIGHTS',
  ...over,
});

async function createPublished(over: Record<string, unknown> = {}) {
  const made = await call(t, 'POST', '/api/admin/news/create', { token: admin, body: article(over) });
  expect(made.status).toBe(200);
  const pub = await call(t, 'POST', '/api/admin/news/publish', { token: admin, body: { newsId: made.json.response._id } });
  expect(pub.status).toBe(200);
  return pub.json.response;
}
const publicIds = async (query = '') =>
  ((await call(t, 'GET', `/api/admin/news/getAllNews${query}`)).json.response.docs as { _id: string }[]).map((d) => d._id);

beforeAll(async () => {
  t = await buildTestApp();
  const a = await buildUser(t, { profileType: 'ADMIN' as never });
  admin = a.token;
  adminId = a.user.id;
  adminUser = a.user;
});
afterAll(async () => t?.close());

describe('the public news room', () => {
  it('shows published articles whose date has come, never drafts, and a scheduled one once the product clock reaches it', async () => {
    const draft = await call(t, 'POST', '/api/admin/news/create', { token: admin, body: article({ title: 'Draft' }) });
    const live = await createPublished({ title: 'Live' });
    const later = new Date(t.clock.now().getTime() + 2 * DAY).toISOString();
    const scheduled = await createPublished({ title: 'Scheduled', publishedAt: later, newsType: 'MEDIA_COVERAGE' });
    expect(scheduled.status).toBe('PUBLISHED');
    expect(scheduled.publishedAt).toBe(later);
    // the console is told what the room shows now, on the product clock
    expect([draft.json.response.live, live.live, scheduled.live]).toEqual([false, true, false]);
    // read with a session of the moment (an admin's lasts 12 hours; the clock moves days)
    const consoleLive = async (id: string) => {
      const token = (await t.services.auth.issueSession(adminUser)).accessToken;
      return (await call(t, 'GET', `/api/admin/news/get?newsId=${id}`, { token })).json.response.live;
    };

    const ids = await publicIds();
    expect(ids).toContain(live._id);
    expect(ids).not.toContain(draft.json.response._id);
    expect(ids).not.toContain(scheduled._id);
    const one = await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${draft.json.response._id}`);
    expect(one.status).toBe(404);
    expect(one.json.message).toBe('No news found');
    expect((await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${scheduled._id}`)).status).toBe(404);

    t.clock.advance(3 * DAY);
    try {
      expect(await publicIds()).toContain(scheduled._id);
      expect(await consoleLive(scheduled._id)).toBe(true);
      const got = await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${scheduled._id}`);
      expect(got.status).toBe(200);
      expect(got.json.response).toMatchObject({
        title: 'Scheduled',
        author: { firstName: 'Ada', lastName: 'Lovelace' },
        readTime: 1,
      });
      const featured = await call(t, 'GET', '/api/admin/news/getAllFeatureNews');
      expect(featured.json.response.mediaCover.map((n: { _id: string }) => n._id)).toContain(scheduled._id);
    } finally {
      t.clock.advance(-3 * DAY);
    }
    // back before its date: gone again
    expect(await publicIds()).not.toContain(scheduled._id);
    expect(await consoleLive(scheduled._id)).toBe(false);
  });

  it('forgets what it served as soon as an article changes: an edit, an unpublish and a delete show at once', async () => {
    const n = await createPublished({ title: 'Before' });
    expect((await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${n._id}`)).json.response.title).toBe('Before');
    expect((await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${n._id}`)).json.response.title).toBe('Before');
    await call(t, 'PUT', `/api/admin/news/update?newsId=${n._id}`, { token: admin, body: article({ title: 'After' }) });
    expect((await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${n._id}`)).json.response.title).toBe('After');
    await call(t, 'POST', '/api/admin/news/unpublish', { token: admin, body: { newsId: n._id } });
    expect((await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${n._id}`)).status).toBe(404);
    expect(await publicIds()).not.toContain(n._id);
    await call(t, 'POST', '/api/admin/news/publish', { token: admin, body: { newsId: n._id } });
    expect(await publicIds()).toContain(n._id);
    await call(t, 'DELETE', `/api/admin/news/delete?newsId=${n._id}`, { token: admin });
    expect(await publicIds()).not.toContain(n._id);
  });

  it('filters by type and year, pages, and lists every year that has news', async () => {
    const old = await createPublished({ title: 'Old', newsType: 'NEW_RELEASE', publishedAt: '2024-03-01T10:00:00.000Z' });
    const res = await call(t, 'GET', '/api/admin/news/getAllNews?year=2024&newsType=NEW_RELEASE');
    expect(res.status).toBe(200);
    expect(res.json.response.docs.map((d: { _id: string }) => d._id)).toEqual([old._id]);
    expect(res.json.response.years).toContain(2024);
    expect(res.json.response.years).toContain(t.clock.now().getUTCFullYear());
    expect(await publicIds('?year=2024&newsType=HIGHLIGHTS')).toEqual([]);
    const bad = await call(t, 'GET', '/api/admin/news/getAllNews?newsType=GOSSIP');
    expect(bad.status).toBe(400);
    const empty = await call(t, 'GET', '/api/admin/news/getAllNews?page=50');
    expect(empty.json.response.docs).toEqual([]);
  });
});

describe('the console news calls', () => {
  it('answer admins only: 401 without a token, 403 to every other role, and nothing is written', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/admin/news/list'],
      ['GET', '/api/admin/news/get?newsId=x'],
      ['POST', '/api/admin/news/create', article()],
      ['PUT', '/api/admin/news/update?newsId=x', article()],
      ['POST', '/api/admin/news/publish', { newsId: 'x' }],
      ['POST', '/api/admin/news/unpublish', { newsId: 'x' }],
      ['DELETE', '/api/admin/news/delete?newsId=x'],
      ['POST', '/api/admin/news/uploadImage', {}],
      ['POST', '/api/admin/news/preview', { description: '<p>x</p>' }],
    ];
    const before = (await call(t, 'GET', '/api/admin/news/list', { token: admin })).json.response.totalDocs;
    for (const [method, url, body] of calls) {
      expect((await call(t, method, url, { body })).status, `${method} ${url}`).toBe(401);
      for (const role of PROFILE_TYPES) {
        const other = await buildUser(t, { profileType: role });
        const res = await call(t, method, url, { token: other.token, body });
        expect(res.status, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await call(t, 'GET', '/api/admin/news/list', { token: admin })).json.response.totalDocs).toBe(before);
  });

  it('create keeps a draft with its read time, refuses bad input and an unknown article, and records each write in the audit log', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `w${i}`).join(' ');
    const made = await call(t, 'POST', '/api/admin/news/create', {
      token: admin,
      body: article({ description: `<p>${words}</p>` }),
    });
    expect(made.status).toBe(200);
    expect(made.json.response).toMatchObject({ status: 'DRAFT', readTime: 3 });
    const id = made.json.response._id;

    for (const body of [
      article({ title: '' }),
      article({ newsType: 'OTHER' }),
      article({ coverImg: 'javascript:alert(1)' }),
      article({ description: '<script>alert(1)</script>' }),
      article({ publishedAt: 'tomorrow' }),
    ]) {
      const res = await call(t, 'POST', '/api/admin/news/create', { token: admin, body });
      expect(res.status).toBe(400);
    }
    expect(
      (await call(t, 'POST', '/api/admin/news/create', { token: admin, body: article({ description: '<script>x</script>' }) }))
        .json.message,
    ).toBe('Description is required');
    expect((await call(t, 'POST', '/api/admin/news/publish', { token: admin, body: { newsId: 'nope' } })).status).toBe(404);
    expect((await call(t, 'DELETE', '/api/admin/news/delete?newsId=nope', { token: admin })).status).toBe(404);

    const got = await call(t, 'GET', `/api/admin/news/get?newsId=${id}`, { token: admin });
    expect(got.json.response.status).toBe('DRAFT');
    const listed = await call(t, 'GET', '/api/admin/news/list?status=DRAFT', { token: admin });
    expect(listed.json.response.docs.map((d: { _id: string }) => d._id)).toContain(id);

    await call(t, 'POST', '/api/admin/news/publish', { token: admin, body: { newsId: id } });
    await call(t, 'DELETE', `/api/admin/news/delete?newsId=${id}`, { token: admin });
    const rows = await t.container.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(rows.map((r) => r.action).sort()).toEqual(['news.create', 'news.delete', 'news.publish']);
    expect(rows.every((r) => r.actorId === adminId && r.targetType === 'news')).toBe(true);
    const publish = rows.find((r) => r.action === 'news.publish');
    expect(publish?.before).toMatchObject({ status: 'DRAFT' });
    expect(publish?.after).toMatchObject({ status: 'PUBLISHED' });
  });

  it('uploads a cover image through the image rules and refuses what is not an image', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#5f30d8' } })
      .png()
      .toBuffer();
    const form = (bytes: Buffer, name: string, type: string) => {
      const boundary = '----news';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/news/uploadImage',
        headers: { 'x-access-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const ok = await form(png, 'cover.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().response.url).toMatch(/\/uploads\/news\/\w+\.png$/);
    const bad = await form(Buffer.from('not an image at all'), 'cover.png', 'image/png');
    expect(bad.statusCode).toBe(400);
  });
});

describe('article HTML', () => {
  it('a stored payload comes out inert: no script, no event handler, no javascript: link, no style', async () => {
    const payload =
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><img src="x" onerror="alert(1)">' +
      '<a href="javascript:alert(1)">a</a><a href=" JaVa\tScRiPt:alert(1)">b</a><a href="https://example.com">c</a>' +
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe><svg onload="alert(1)"></svg>' +
      '<img src="data:image/svg+xml;base64,PHN2Zz4=">';
    const clean = sanitizeHtml(payload);
    expect(clean).not.toMatch(/<script|onerror|onclick|onload|javascript:|style|<iframe|<svg|data:/i);
    expect(clean).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">c</a>');

    const made = await createPublished({ description: payload });
    const stored = await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${made._id}`);
    expect(stored.json.response.description).toBe(clean);
  });

  it('the console preview shows the description as the news room would (the payload inert) with its read time, and keeps nothing', async () => {
    const before = (await call(t, 'GET', '/api/admin/news/list', { token: admin })).json.response.totalDocs;
    const auditRows = (await t.database.db.select().from(auditLog)).length;
    const payload = `<p onclick="steal()">Hi<script>alert(1)</script> ${'word '.repeat(2 * NEWS_WORDS_PER_MINUTE)}</p><img src="x" onerror="alert(1)">`;
    const res = await call(t, 'POST', '/api/admin/news/preview', { token: admin, body: { description: payload } });
    expect(res.status).toBe(200);
    expect(res.json.response.description).toBe(sanitizeHtml(payload));
    expect(res.json.response.description).not.toMatch(/<script|onerror|onclick/i);
    // twice a minute's words and one more: three minutes
    expect(res.json.response.readTime).toBe(3);
    expect((await call(t, 'GET', '/api/admin/news/list', { token: admin })).json.response.totalDocs).toBe(before);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditRows);
    for (const body of [{}, { description: '' }, { description: 'x'.repeat(NEWS_LIMITS.description + 1) }]) {
      const bad = await call(t, 'POST', '/api/admin/news/preview', { token: admin, body });
      expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });

  it("a link or image keeps only an address a browser reads as http(s), mailto or this site's: a scheme hidden by Unicode spaces, entities, tabs or controls is dropped", async () => {
    // what a browser makes of every href and src of the served HTML, from an article's page
    const base = 'https://virality.example/news-room/all-news/n1';
    const addresses = (html: string) => {
      const found: { tag: string; name: string; value: string }[] = [];
      const walk = (node: DefaultTreeAdapterMap['parentNode']) => {
        for (const child of node.childNodes) {
          if (!('tagName' in child)) continue;
          for (const a of child.attrs)
            if (a.name === 'href' || a.name === 'src') found.push({ tag: child.tagName, name: a.name, value: a.value });
          walk(child);
        }
      };
      walk(parseFragment(html));
      return found;
    };
    const hidden = [
      '\u00a0javascript:alert(1)',
      '&nbsp;javascript:alert(1)',
      '&#xFEFF;javascript:alert(1)',
      '\u2028javascript:alert(1)',
      '\u3000javascript:alert(1)',
      '\u200bjavascript:alert(1)',
      '\u00a0\u3000 data:text/html,<script>alert(1)</script>',
      '&#106;avascript&colon;alert(1)',
      '&#x6A;&#x61;vascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'java&#10;script:alert(1)',
      'java&#13;script:alert(1)',
      '&#1;javascript:alert(1)',
      '\u0085javascript:alert(1)',
      'java&#0;script:alert(1)',
      'java\u200bscript:alert(1)',
      'java\u00adscript:alert(1)',
      'javascript:alert(1)\u00a0',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      '\uff4aavascript:alert(1)',
      '//evil.example/x',
      '\\\\evil.example/x',
      '/\\evil.example/x',
      '\u00a0//evil.example/x',
    ];
    for (const v of hidden) {
      const clean = sanitizeHtml(`<a href="${v}">a</a><img src="${v}" alt="i">`);
      expect(addresses(clean), JSON.stringify(v)).toEqual([]);
    }
    // what is kept is served trimmed, and read by a browser as written
    const kept = sanitizeHtml(
      '<a href="\u00a0 https://example.com/a b\u3000">1</a><a href="HTTPS://Example.com">2</a><a href="mailto:ada@example.com">3</a>' +
        '<a href="/pricing">4</a><a href="#top">5</a><a href="?page=2">6</a><img src="&#xFEFF;https://cdn.example.com/i.png" alt="">' +
        '<img src="mailto:ada@example.com" alt="no"><img src="/uploads/news/a.png" alt="">',
    );
    const found = addresses(kept);
    expect(found.map((f) => f.value)).toEqual([
      'https://example.com/a b',
      'HTTPS://Example.com',
      'mailto:ada@example.com',
      '/pricing',
      '#top',
      '?page=2',
      'https://cdn.example.com/i.png',
      '/uploads/news/a.png',
    ]);
    for (const f of found) {
      const url = new URL(f.value, base);
      expect(f.tag === 'img' ? ['http:', 'https:'] : ['http:', 'https:', 'mailto:'], f.value).toContain(url.protocol);
      // an address without a scheme stays on this site
      if (!/^[a-z]+:/i.test(f.value)) expect(url.origin, f.value).toBe('https://virality.example');
    }
    // and so it is stored
    const made = await createPublished({
      description: `<p>x</p><a href="&nbsp;javascript:alert(1)">a</a><a href="\u3000https://example.com">b</a>`,
    });
    const stored = await call(t, 'GET', `/api/admin/news/getNewsById?newsId=${made._id}`);
    expect(stored.json.response.description).toBe(
      '<p>x</p><a rel="noopener noreferrer nofollow" target="_blank">a</a><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">b</a>',
    );
  });

  it("an article's page carries its title, description and Open Graph tags, escaped", () => {
    const html = '<html><head><title>Virality</title><meta name="description" content="x" /></head><body></body></html>';
    const out = articleHead(html, {
      title: 'A "quoted" <b>title</b>',
      description: 'd',
      url: 'https://v.example/n/1',
      image: 'https://v.example/c.png',
    });
    expect(out).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; | Virality News</title>');
    expect(out).toContain('<meta property="og:image" content="https://v.example/c.png" />');
    expect(out).not.toContain('content="x"');
  });

  it("an article's page shows $` $' $& $$ in its title and description as written (never read as replacement patterns)", () => {
    const html = '<html><head><title>Virality</title></head><body><div id="root"></div></body></html>';
    const out = articleHead(html, {
      title: "Save $` or $' or $& or $$ now",
      description: "From $' to $`",
      url: 'https://v.example/n/$&',
      image: null,
    });
    expect(out).toContain("<title>Save $` or $' or $&amp; or $$ now | Virality News</title>");
    expect(out).toContain('<meta name="description" content="From $\' to $`" />');
    expect(out).toContain('<meta property="og:url" content="https://v.example/n/$&amp;" />');
    expect(out.match(/<head>/g)).toHaveLength(1);
    expect(out.match(/<\/head>/g)).toHaveLength(1);
    expect(out.match(/<body>/g)).toHaveLength(1);
  });
});
