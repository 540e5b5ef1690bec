import { BULK_MSG, BULK_ROWS_MAX, bulkTemplate, POST_MSG, V1_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkImports, posts, postTargets } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { uploadPhoto } from '../posts/posts-test-kit';
import { v1Kit } from '../public-api/public-api-test-kit';
import { linkAccount } from '../social-accounts/link-test-kit';
import { makeTeam, perms } from '../team/team-test-kit';

/**
 * Bulk scheduling from a CSV file: the template, the preview (each row's errors in the app's words, nothing made),
 * the import (all or nothing, a repeated file refused with its date unless confirmed, exactly once per import key),
 * and the public API's POST /api/v1/posts/bulk.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());
const { withKey, v1, expectProblem } = v1Kit(() => t);

let n = 0;
const newKey = () => `import-${Date.now()}-${++n}`;
/** An ISO moment `minutes` ahead of the product's clock, written at +02:00 as a person in Paris in summer would. */
function ahead(minutes: number) {
  const at = new Date(t.clock.nowMs() + minutes * 60_000);
  at.setUTCSeconds(0, 0);
  const local = new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 16);
  return { iso: `${local}+02:00`, utc: at.toISOString() };
}
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
/** A file of rows `text,accounts,when`, each with the photo as its media (every post of the app carries one). */
const filed = (photo: string, ...rows: string[]) => csv('text,accounts,when,media', ...rows.map((r) => `${r},${photo}`));

async function send(
  url: string,
  token: string | undefined,
  body: string | Buffer,
  headers: Record<string, string> = {},
  type = 'text/csv',
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': type, ...(token ? { 'x-access-token': token } : {}), ...headers },
    payload: body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelopes
  let json: any = null;
  try {
    json = res.json();
  } catch {}
  return { status: res.statusCode, json };
}
const preview = (token: string, body: string) => send('/api/posts/bulk/preview', token, body);
const importFile = (token: string, body: string, key = newKey(), query = '') =>
  send(`/api/posts/bulk${query}`, token, body, { 'idempotency-key': key });

const postsOf = (orgId: string) => t.database.db.select().from(posts).where(eq(posts.orgId, orgId));
const importsOf = (orgId: string) => t.database.db.select().from(bulkImports).where(eq(bulkImports.orgId, orgId));

/** An influencer with an X and a Facebook account linked. */
async function author() {
  const u = await buildUser(t, { profileCompleted: true });
  const x = await linkAccount(t, u.token, 'twitter');
  const fb = await linkAccount(t, u.token, 'facebook');
  const photo = await uploadPhoto(t, u.token);
  return { ...u, photo, orgId: u.user.orgId, x, fb, xName: `twitter:${x.UserName}`, fbName: `facebook:${fb.UserName}` };
}

describe('GET /api/posts/bulk/template.csv', () => {
  it('is the template as a CSV download, for anyone (it holds no data)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/bulk/template.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${BULK_MSG.templateName}"`);
    expect(res.body).toBe(bulkTemplate(t.clock.now()));
  });
});

describe('POST /api/posts/bulk/preview', () => {
  it('answers each row with its errors in the app’s words and makes nothing', async () => {
    const a = await author();
    const soon = ahead(5);
    const later = ahead(120);
    const file = csv(
      'Media,Text,ACCOUNTS,when',
      `${a.photo},Good row,${a.xName};${a.fbName},${later.iso}`,
      `${a.photo},Too soon,${a.xName},${soon.iso}`,
      `${a.photo},"${'x'.repeat(281)}",${a.xName},${later.iso}`,
      `${a.photo},No account,twitter:nobody_here,${later.iso}`,
      `${a.photo}, ,${a.xName},queue`,
      `,No media,${a.xName},${later.iso}`,
    );
    const res = await preview(a.token, file);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const r = res.json.response;
    expect(r.rows.map((x: { row: number; errors: string[] }) => [x.row, x.errors])).toEqual([
      [2, []],
      [3, [POST_MSG.tenMinutesAhead]],
      [4, ['X allows 280 characters; this post has 281']],
      [5, ['No linked X account is named nobody_here']],
      [6, [POST_MSG.captionRequired]],
      [7, [POST_MSG.mediaRequired]],
    ]);
    expect(r.rows[0]).toMatchObject({ text: 'Good row', accounts: [a.xName, a.fbName], at: later.utc, mediaCount: 1 });
    expect(r.errorRows).toBe(5);
    expect(r.importedBefore).toBeNull();
    expect(await postsOf(a.orgId)).toHaveLength(0);
  });

  it('refuses a file it cannot read, with what is wrong, before anything', async () => {
    const a = await author();
    expect((await preview(a.token, csv('text,accounts,when,image', 'a,b,queue,c'))).json.message).toBe(
      BULK_MSG.unknownColumn('image'),
    );
    const many = csv('text,accounts,when', ...Array.from({ length: BULK_ROWS_MAX + 1 }, () => `Hi,${a.xName},queue`));
    const tooMany = await preview(a.token, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toBe(BULK_MSG.tooManyRows(BULK_ROWS_MAX + 1));
    const large = await preview(a.token, csv('text,accounts,when', `"${'x'.repeat(1024 * 1024)}",${a.xName},queue`));
    expect(large.status).toBe(413);
    expect(large.json.message).toBe(BULK_MSG.fileTooLarge);
    const latin1 = await send('/api/posts/bulk/preview', a.token, Buffer.from([0x74, 0x65, 0x78, 0x74, 0xe9, 0x0a]));
    expect(latin1.status).toBe(400);
    expect(latin1.json.message).toBe(BULK_MSG.notUtf8);
    const json = await send('/api/posts/bulk/preview', a.token, JSON.stringify({ csv: 'x' }), {}, 'application/json');
    expect(json.status).toBe(415);
    expect(json.json.message).toBe('Send the request body as text/csv');
    expect((await preview(a.token, '')).status).toBe(400);
  });

  it('needs a session (401); an IMC account, which posts nothing, is refused (403)', async () => {
    expect((await send('/api/posts/bulk/preview', undefined, csv('text,accounts,when'))).status).toBe(401);
    const imc = await buildUser(t, { profileType: 'IMC', profileCompleted: true });
    expect((await preview(imc.token, csv('text,accounts,when', 'Hi,twitter:x,queue'))).status).toBe(403);
  });
});

describe('POST /api/posts/bulk', () => {
  it('is all or nothing: a bad row refuses the file (nothing made); fixed, every post is made with its time', async () => {
    const a = await author();
    const t1 = ahead(60);
    const t2 = ahead(180);
    const bad = filed(a.photo, `First,${a.xName},${t1.iso}`, `Second,${a.xName},2020-01-01T10:00:00Z`);
    const refused = await importFile(a.token, bad);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(BULK_MSG.rowsHaveErrors(1));
    expect(refused.json.code).toBe('VALIDATION_FAILED');
    expect(refused.json.response.rows[1].errors).toEqual([POST_MSG.dateTodayOrLater]);
    expect(await postsOf(a.orgId)).toHaveLength(0);
    expect(await importsOf(a.orgId)).toHaveLength(0);

    const good = filed(a.photo, `First,${a.xName};${a.fbName},${t1.iso}`, `Second,${a.xName},${t2.iso}`);
    const made = await importFile(a.token, good);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.message).toBe('2 posts imported');
    const result = made.json.response;
    expect(result.posts.map((p: { row: number; draft: boolean }) => [p.row, p.draft])).toEqual([
      [2, false],
      [3, false],
    ]);
    expect(result.posts[0].accounts).toEqual([
      { accountId: a.x.id, network: 'twitter', name: a.x.UserName, at: t1.utc },
      { accountId: a.fb.id, network: 'facebook', name: a.fb.UserName, at: t1.utc },
    ]);
    const rows = await postsOf(a.orgId);
    expect(rows.map((p) => [p.caption, p.isScheduled, p.scheduledAt?.toISOString()]).sort()).toEqual([
      ['First', true, t1.utc],
      ['Second', true, t2.utc],
    ]);
    const targets = await t.database.db.select().from(postTargets).where(eq(postTargets.orgId, a.orgId));
    expect(targets.map((x) => x.state)).toEqual(['scheduled', 'scheduled', 'scheduled']);
  });

  it('the same file again is refused with the date it was imported, unless confirmed', async () => {
    const a = await author();
    const file = filed(a.photo, `Once,${a.xName},${ahead(90).iso}`);
    expect((await importFile(a.token, file)).status).toBe(200);
    const [first] = await importsOf(a.orgId);
    const again = await importFile(a.token, file);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('CONFLICT');
    expect(again.json.response).toEqual({ importedAt: first.createdAt.toISOString() });
    expect(again.json.message).toMatch(/^This file was already imported on \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/);
    // the preview says so too, and the same file saved with LF line ends is the same file
    const seen = await preview(a.token, file.replaceAll('\r\n', '\n'));
    expect(seen.json.response.importedBefore).toBe(first.createdAt.toISOString());
    expect(await postsOf(a.orgId)).toHaveLength(1);
    const confirmed = await importFile(a.token, file, newKey(), '?confirmDuplicate=true');
    expect(confirmed.status).toBe(200);
    expect(await postsOf(a.orgId)).toHaveLength(2);
  });

  it('exactly once: sent again after a lost answer (same key), it answers the first import and makes nothing more', async () => {
    const a = await author();
    const file = filed(a.photo, `Retry me,${a.xName},${ahead(60).iso}`, `And me,${a.fbName},${ahead(70).iso}`);
    const key = newKey();
    const first = await importFile(a.token, file, key);
    expect(first.status).toBe(200);
    // the answer was lost: the client sends the same request again
    const again = await importFile(a.token, file, key);
    expect(again.status).toBe(200);
    expect(again.json.response).toEqual(first.json.response);
    expect(await postsOf(a.orgId)).toHaveLength(2);
    expect(await importsOf(a.orgId)).toHaveLength(1);
    // the key with another file is a client's mistake
    const other = await importFile(a.token, filed(a.photo, `Other,${a.xName},queue`), key);
    expect(other.status).toBe(422);
    expect(other.json.message).toBe(BULK_MSG.keyReused);
  });

  it('exactly once: the same import sent twice at once makes its posts once', async () => {
    const a = await author();
    const file = filed(a.photo, ...Array.from({ length: 5 }, (_, i) => `Race ${i},${a.xName},${ahead(60 + i).iso}`));
    const key = newKey();
    const [one, two] = await Promise.all([importFile(a.token, file, key), importFile(a.token, file, key)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.json.response).toEqual(one.json.response);
    expect(await postsOf(a.orgId)).toHaveLength(5);
    expect(await importsOf(a.orgId)).toHaveLength(1);
  });

  it('queue rows take each account’s next free slots in file order', async () => {
    const a = await author();
    const put = await call(t, 'PUT', `/api/queue/schedules/${a.x.id}`, {
      token: a.token,
      body: { timeZone: 'UTC', paused: false, slots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, time: '09:00' })) },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const res = await importFile(a.token, filed(a.photo, `Q1,${a.xName},queue`, `Q2,${a.xName},QUEUE`));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [q1, q2] = res.json.response.posts.map((p: { accounts: { at: string }[] }) => p.accounts[0].at);
    expect(q1.slice(11, 16)).toBe('09:00');
    expect(Date.parse(q2) - Date.parse(q1)).toBe(86_400_000);
    // an account without slots: the app's words, nothing made
    const none = await importFile(a.token, filed(a.photo, `Q3,${a.fbName},queue`));
    expect(none.status).toBe(400);
    expect(none.json.response.rows[0].errors[0]).toMatch(/has no time slots/);
  });

  it('needs an import key (400) and a session (401); media must be https or uploads here', async () => {
    const a = await author();
    const file = csv('text,accounts,when,media', `Hi,${a.xName},${ahead(60).iso},http://example.com/a.jpg`);
    const noKey = await send('/api/posts/bulk', a.token, file);
    expect(noKey.status).toBe(400);
    expect(noKey.json.message).toBe(BULK_MSG.keyRequired);
    expect((await send('/api/posts/bulk', undefined, file, { 'idempotency-key': 'k' })).status).toBe(401);
    const res = await importFile(a.token, file);
    expect(res.status).toBe(400);
    expect(res.json.response.rows[0].errors).toEqual([BULK_MSG.mediaUrl('http://example.com/a.jpg')]);
    // an upload of this organization is taken as it is
    const photo = await uploadPhoto(t, a.token);
    const ok = await importFile(a.token, csv('text,accounts,when,media', `Photo,${a.xName},${ahead(60).iso},${photo}`));
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const [made] = await postsOf(a.orgId);
    expect(made.media.map((m) => m.url)).toEqual([photo]);
  });

  it('a business manager’s rows become drafts waiting for the owner’s approval', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '6': { Post: true, Scheduler: true } }));
    const x = await linkAccount(t, team.owner.token, 'twitter');
    const photo = await uploadPhoto(t, team.manager.token);
    const res = await importFile(team.manager.token, filed(photo, `From the team,twitter:${x.UserName},${ahead(60).iso}`));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.posts[0].draft).toBe(true);
    const [p] = await postsOf(team.owner.user.orgId);
    expect(p).toMatchObject({ isDraft: true, approval: 'pending' });
  });
});

describe('POST /api/v1/posts/bulk', () => {
  async function keyed() {
    const k = await withKey();
    const x = await linkAccount(t, k.token, 'twitter');
    const photo = await uploadPhoto(t, k.token);
    return { ...k, x, photo };
  }
  const v1Csv = (key: string, body: string, query = '', idempotencyKey?: string) =>
    v1('POST', `/posts/bulk${query}`, {
      key,
      idempotencyKey,
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from(body),
    });

  it('dryRun=true answers the preview and makes nothing', async () => {
    const k = await keyed();
    const res = await v1Csv(
      k.key,
      filed(k.photo, `Hi,twitter:${k.x.UserName},${ahead(60).iso}`, 'Bad,twitter:x,soon'),
      '?dryRun=true',
    );
    expect(res.status).toBe(200);
    expect(res.json.rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      [],
      [BULK_MSG.whenInvalid, 'No linked X account is named x'],
    ]);
    const [me] = await t.database.db.select().from(posts).where(eq(posts.userId, k.userId));
    expect(me).toBeUndefined();
  });

  it('imports once per Idempotency-Key: 201, then 200 with the same answer; rows with errors are a problem listing them', async () => {
    const k = await keyed();
    const at = ahead(60);
    const file = filed(k.photo, `From a script,twitter:${k.x.UserName},${at.iso}`);
    const noKey = await v1Csv(k.key, file);
    expectProblem(noKey, 400, V1_MSG.idempotencyKeyRequired);
    const first = await v1Csv(k.key, file, '', 'v1-bulk-1');
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json.posts[0].accounts[0]).toEqual({ accountId: k.x.id, network: 'twitter', name: k.x.UserName, at: at.utc });
    const again = await v1Csv(k.key, file, '', 'v1-bulk-1');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const dup = await v1Csv(k.key, file, '', 'v1-bulk-2');
    expectProblem(dup, 409, dup.json.detail);
    expect(dup.json.detail).toMatch(/^This file was already imported on/);
    const bad = await v1Csv(k.key, filed(k.photo, `Hi,twitter:${k.x.UserName},2020-01-01T00:00Z`), '', 'v1-bulk-3');
    expectProblem(bad, 400, BULK_MSG.rowsHaveErrors(1));
    expect(bad.json.errors).toEqual([{ field: 'row 2', message: `Row 2: ${POST_MSG.dateTodayOrLater}` }]);
    expect(await t.database.db.select().from(posts).where(eq(posts.userId, k.userId))).toHaveLength(1);
  });

  it('a read-only key may not import (403); no key is 401', async () => {
    const k = await withKey('read');
    expectProblem(await v1Csv(k.key, csv('text,accounts,when', 'Hi,twitter:x,queue'), '', 'k1'), 403, V1_MSG.readOnly);
    const none = await v1('POST', '/posts/bulk', { headers: { 'content-type': 'text/csv' }, payload: Buffer.from('x') });
    expect(none.status).toBe(401);
  });
});
