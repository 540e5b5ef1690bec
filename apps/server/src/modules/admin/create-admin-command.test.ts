import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createContainer } from '../../container';
import { openDatabase } from '../../db/client';
import { auditLog } from '../../db/schema';
import { createScratchDatabase, type TScratchDatabase } from '../../test/live-stack';
import { ADMIN_CREATE_USAGE, adminCreateCommand } from './create-admin-command';

/**
 * The command runs on the database the server is configured with: the embedded one in DATA_DIR, or PostgreSQL
 * (DATABASE_URL) when the suite runs on PostgreSQL.
 */
const onPg = process.env.TEST_DB === 'postgres';
let env: NodeJS.ProcessEnv;
let scratch: TScratchDatabase | null = null;
let dataDir: string | null = null;

beforeAll(async () => {
  if (onPg) {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'admin_cli');
    env = { DATABASE_URL: scratch.url, LOG_LEVEL: 'silent', SANDBOX: 'true' };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-admin-cli-'));
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SANDBOX: 'true' };
  }
}, 300_000);
afterAll(async () => {
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const run = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await adminCreateCommand(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

/** Opens the configured database as the server does, for `work`. */
async function withServer<T>(work: (c: Awaited<ReturnType<typeof createContainer>>) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const c = await createContainer({ config, database, logger: false });
    try {
      return await work(c);
    } finally {
      await c.close();
    }
  } finally {
    await database.close();
  }
}

describe(`npm run admin:create on ${onPg ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('makes an admin and prints a one-time link that sets its password; the admin then logs in', {
    timeout: 300_000,
  }, async () => {
    const r = await run('--email', 'Founder@Example.com', '--name', 'Founder');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Admin founder@example.com made');
    const link = r.out.match(/(http\S+\/set-password\?token=([\w-]+))/);
    expect(link).not.toBeNull();
    const token = link![2];
    await withServer(async (c) => {
      expect(await c.services.admin.anyAdmin()).toBe(true);
      await c.services.team.acceptInvitation(token, 'Founder1!');
      await expect(c.services.team.acceptInvitation(token, 'Founder2!')).rejects.toThrow();
      const session = await c.services.auth.login({ emailPhone: 'founder@example.com', password: 'Founder1!' }, {});
      expect(session.profileType).toBe('ADMIN');
      const rows = await c.db.select().from(auditLog);
      expect(rows).toEqual([
        expect.objectContaining({
          action: 'admin.create',
          actorId: null,
          after: expect.objectContaining({ email: 'founder@example.com' }),
        }),
      ]);
    });
  });

  it("an admin who lost the password: the same command for the admin's address prints a new link that replaces it and ends its sessions", {
    timeout: 300_000,
  }, async () => {
    const old = await withServer((c) => c.services.auth.login({ emailPhone: 'founder@example.com', password: 'Founder1!' }, {}));
    const r = await run('--email', 'founder@example.com');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Admin founder@example.com exists');
    const token = r.out.match(/\/set-password\?token=([\w-]+)/)![1];
    await withServer(async (c) => {
      await c.services.team.acceptInvitation(token, 'Founder9!');
      await expect(c.services.auth.login({ emailPhone: 'founder@example.com', password: 'Founder1!' }, {})).rejects.toThrow();
      const session = await c.services.auth.login({ emailPhone: 'founder@example.com', password: 'Founder9!' }, {});
      expect(session.profileType).toBe('ADMIN');
      expect(await c.services.auth.authenticate(old.accessToken)).toBeNull();
      const rows = await c.db.select().from(auditLog);
      expect(rows.map((row) => row.action)).toContain('admin.password_link');
    });
  });

  it('refuses an address that has an account, a bad address and a missing one, saying how to call it', {
    timeout: 120_000,
  }, async () => {
    await withServer((c) =>
      c.services.users.createAccount({
        email: 'someone@example.com',
        passwordHash: null,
        profileType: 'INFLUENCER',
        authType: 'LOCAL',
      }),
    );
    const again = await run('--email', 'someone@example.com');
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists');
    const bad = await run('--email', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(ADMIN_CREATE_USAGE);
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.err).toContain('Enter an e-mail address');
    const unknown = await run('--mail', 'x@example.com');
    expect(unknown.code).toBe(2);
  });
});
