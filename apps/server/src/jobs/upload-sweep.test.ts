import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createLocalStorage, type TStorage } from '../integrations/storage';
import { buildTestApp, buildUser, type TTestApp } from '../test/helpers';
import { uploadKeyOf } from './upload-references';
import { sweepUnreferencedUploads, UPLOAD_GRACE_MS } from './upload-sweep';

const dataDir = path.join(os.tmpdir(), `virality-sweep-${randomBytes(6).toString('hex')}`);
const uploads = path.join(dataDir, 'uploads');
let t: TTestApp;
let storage: TStorage;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  storage = createLocalStorage({ storage: { kind: 'local', localDir: uploads }, publicUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const HOUR = 3_600_000;
/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads through the API like the web app, and returns the stored key. */
async function upload(url: string, token: string): Promise<string> {
  const boundary = '----virality-sweep';
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  const key = uploadKeyOf(res.json().response.profileImage);
  if (!key) throw new Error('no key in the URL');
  return key;
}

const fileOf = (key: string) => path.join(uploads, key);
const exists = (key: string) => fs.existsSync(fileOf(key));
/** Backdates a file's modification time. */
const age = (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(fileOf(key), when, when);
};
const sweep = () => sweepUnreferencedUploads({ db: t.database.db, storage, now: new Date() });

describe('the upload sweep deletes files no profile image references, after a day', () => {
  it('an unreferenced old file goes; a referenced one and a fresh unreferenced one stay', async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS' });
    // the owner's own photo, replaced by a newer one: the first is no longer referenced
    const replaced = await upload('/api/user/uploadProfileImage', owner.token);
    const current = await upload('/api/user/uploadProfileImage', owner.token);
    // a sub-user photo whose form was never sent, and one uploaded an hour ago (form still open)
    const abandoned = await upload('/api/bussiness/uploadImage', owner.token);
    const fresh = await upload('/api/bussiness/uploadImage', owner.token);
    for (const key of [replaced, current, abandoned]) age(key, UPLOAD_GRACE_MS + HOUR);
    age(fresh, HOUR);

    const removed = await sweep();
    expect(removed.sort()).toEqual([abandoned, replaced].sort());
    expect(exists(replaced)).toBe(false);
    expect(exists(abandoned)).toBe(false);
    expect(exists(current)).toBe(true);
    expect(exists(fresh)).toBe(true);
    // the profile still shows its photo
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${current}` });
    expect(served.statusCode).toBe(200);

    // a day later the fresh one, still unreferenced, goes too
    age(fresh, UPLOAD_GRACE_MS + HOUR);
    expect(await sweep()).toEqual([fresh]);
    expect(exists(current)).toBe(true);
  });

  it('a URL stored under another host (PUBLIC_URL changed) still counts as a reference', async () => {
    const { token, user } = await buildUser(t);
    const key = await upload('/api/user/uploadProfileImage', token);
    await t.database.db
      .update(users)
      .set({ profileImage: `https://old-host.example/uploads/${key}` })
      .where(eq(users.id, user.id));
    age(key, 3 * UPLOAD_GRACE_MS);
    expect(await sweep()).toEqual([]);
    expect(exists(key)).toBe(true);
  });

  it('leaves other folders alone and never follows a key out of the uploads folder', async () => {
    fs.mkdirSync(path.join(uploads, 'media'), { recursive: true });
    fs.writeFileSync(fileOf('media/post.png'), PNG);
    age('media/post.png', 10 * UPLOAD_GRACE_MS);
    expect(await sweep()).toEqual([]);
    expect(exists('media/post.png')).toBe(true);
    await expect(storage.remove('../outside.txt')).rejects.toThrow(/outside/);
    await expect(storage.list('../')).rejects.toThrow(/outside/);
  });

  it('an empty or missing uploads folder is nothing to do', async () => {
    const empty = createLocalStorage({
      storage: { kind: 'local', localDir: path.join(dataDir, 'missing') },
      publicUrl: 'http://localhost:3000',
    });
    expect(await sweepUnreferencedUploads({ db: t.database.db, storage: empty, now: new Date() })).toEqual([]);
  });
});
