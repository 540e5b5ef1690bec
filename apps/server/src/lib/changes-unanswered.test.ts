import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob } from '../jobs/registry';
import { buildTestApp, buildUser, type TTestApp } from '../test/helpers';

// A change written for a caller (a request) waits until every listening process has confirmed it, so that the
// caller's next call, to any process, sees it. A change written by a job waits for no one: nobody is there to
// answer, and a publishing burst would otherwise hold every job's slot for a round trip through every process.
const onPg = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPg)('changes written by a job', () => {
  let t: TTestApp;
  let listener: pg.Client;
  const heard: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    const schema = t.database.schemaName;
    // a process that listens like every process does (it is counted among those that must confirm)
    listener = new pg.Client({
      connectionString: t.database.pool!.options.connectionString,
      application_name: `vchanges:${schema}`.slice(0, 63),
    });
    await listener.connect();
    listener.on('notification', (m) => {
      if (m.payload) heard.push(m.payload);
    });
    await listener.query(`LISTEN "changes:${schema}"`);
    await t.container.jobs.register(
      defineJob<{ userId: string }>({
        queue: 'test-change-from-job',
        handle: (data) => t.container.changes.changed('user', data.userId),
      }),
    );
  });
  afterAll(async () => {
    await listener?.end();
    await t?.close();
  });

  const waitFor = async (payload: (p: string) => boolean) => {
    for (let i = 0; i < 100 && !heard.some(payload); i++) await new Promise((r) => setTimeout(r, 20));
    return heard.find(payload);
  };

  it('a request’s change asks every process to confirm it; a job’s change is announced without asking', async () => {
    const { user } = await buildUser(t);
    await t.container.changes.changed('user', user.id);
    const fromCall = await waitFor((p) => p.startsWith(`user:${user.id}:`));
    // `topic:key:id`: the id is what each process confirms
    expect(fromCall?.split(':')[2]).toBeTruthy();

    heard.length = 0;
    await t.container.enqueue('test-change-from-job', { userId: user.id });
    const ran = await t.runDueJobs('test-change-from-job');
    expect(ran.map((r) => r.error ?? 'ok')).toEqual(['ok']);
    const fromJob = await waitFor((p) => p.startsWith(`user:${user.id}:`));
    expect(fromJob).toBe(`user:${user.id}:`);
  });
});

describe.skipIf(!onPg)('who must confirm a change', () => {
  it('a listener of the same name in another database of the server is not waited for', async () => {
    const t = await buildTestApp();
    const name = `vchanges:${t.database.schemaName}`.slice(0, 63);
    // another Virality on the same server, in a database of its own, with a schema of the same name
    const other = new URL(process.env.TEST_DATABASE_URL ?? '');
    other.pathname = '/postgres';
    const elsewhere = new pg.Client({ connectionString: other.toString(), application_name: name });
    try {
      const before = await t.container.changes.listening();
      expect(before).toBeGreaterThan(0);
      await elsewhere.connect();
      expect(await t.container.changes.listening()).toBe(before);
    } finally {
      await elsewhere.end();
      await t.close();
    }
  });
});
