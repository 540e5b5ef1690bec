import {
  LINKEDIN_DEMO_MEMBERS,
  LINKEDIN_DEMO_ORGANIZATIONS,
  linkedinEmulatorRoutes,
  SANDBOX_LINKEDIN_CLIENT,
} from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import {
  clickConsent,
  emulatorApp,
  emulatorSettings,
  TEST_PUBLIC_URL,
  testClip,
  testPhoto,
} from '../../sandbox-integration/networks/test-kit';
import { createLinkedInAdapter, LINKEDIN_PREPARED_VALID_MS } from './linkedin';
import { networkFailure } from './test-kit';
import { PREPARED_GONE, type TAccountRef, type TGrant, type TPublishMedia, type TPublishRequest } from './types';

/**
 * A LinkedIn post prepared ahead through the emulator: its photos or video uploaded (a video in LinkedIn's 4 MB
 * parts, read as they are sent) before the due time, the post made at it, and uploads kept too long PREPARED_GONE.
 */

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PART = 4 * 1024 * 1024;
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(Math.floor(PART * 2.5), 3)]);
const settings = emulatorSettings(SANDBOX_LINKEDIN_CLIENT, '/sandbox/linkedin');
const clock = new Clock();
const emulators = emulatorApp(
  async (app, viaAppFetch) => {
    app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
    app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
    await app.register(linkedinEmulatorRoutes({ clock, publicUrl: TEST_PUBLIC_URL, fetch: viaAppFetch }));
  },
  { bodyLimit: 50 * 1024 * 1024 },
);
const { app, viaApp } = emulators;

/** The API and upload calls the adapter makes to LinkedIn (method and path), sign-in and media reads left out. */
let calls: string[] = [];
const watching: typeof fetch = (input, init) => {
  const u = new URL(String(input));
  const path = u.pathname.slice('/sandbox/linkedin'.length);
  if (/^\/(rest|upload)\//.test(path)) calls.push(`${init?.method ?? 'GET'} ${path}`);
  return viaApp.fetch(input, init);
};
const adapter = createLinkedInAdapter(settings, watching, () => clock.now());
afterEach(async () => {
  await emulators.control('/sandbox/linkedin', { clear: true });
  calls = [];
});

async function link(profile = 'li-ava'): Promise<TGrant> {
  const { url } = await adapter.authorize({ state: 'st' });
  const { res } = await clickConsent(app, url, { profile, decision: 'allow' });
  const code = new URL(String(res.headers.location)).searchParams.get('code');
  return adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, null, clock.now());
}

const ava = LINKEDIN_DEMO_MEMBERS.find((m) => m.id === 'li-ava')!;
const person: TAccountRef = { remoteId: `urn:li:person:${ava.sub}`, kind: 'profile' };
const avaOrg = LINKEDIN_DEMO_ORGANIZATIONS.find((o) => ava.roles.some((r) => r.organization === o.id && r.state === 'APPROVED'))!;
const organization: TAccountRef = { remoteId: `urn:li:organization:${avaOrg.orgId}`, kind: 'organization' };
const photo = testPhoto(JPEG.length, { width: 1200, height: 800 });
const clip = testClip(MP4.length, { width: 1280, height: 720 });
const post = (account: TAccountRef, text: string, media: TPublishMedia[] = []): TPublishRequest => ({
  account,
  format: 'post',
  text,
  media,
});

/** The author's posts on the emulator, as the public would count them. */
async function postsOf(author: string): Promise<{ id: string; text: string }[]> {
  return (await app.inject({ method: 'GET', url: `/sandbox/linkedin/_published?user=${encodeURIComponent(author)}` })).json();
}

describe('a LinkedIn post prepared ahead', () => {
  it('photos are uploaded ahead and nothing is posted; at the due time one post goes out with them', async () => {
    const grant = await link();
    const before = await postsOf(organization.remoteId);
    const at = clock.now();
    const prepared = await adapter.prepare(grant, post(organization, 'Two photos, uploaded ahead', [photo, photo]), at);
    expect(prepared.validUntil.getTime()).toBe(at.getTime() + LINKEDIN_PREPARED_VALID_MS);
    expect(calls).toEqual([
      'POST /rest/images',
      expect.stringMatching(/^PUT \/upload\/image\//),
      'POST /rest/images',
      expect.stringMatching(/^PUT \/upload\/image\//),
    ]);
    expect(await postsOf(organization.remoteId)).toEqual(before);

    clock.advance(25 * 60_000);
    calls = [];
    const out = await adapter.publishPrepared(grant, organization, prepared.ticket);
    expect(out).toMatchObject({ state: 'published', postId: expect.stringMatching(/^urn:li:share:/) });
    // the due calls: how each photo stands, then the post
    expect(calls).toEqual([
      expect.stringMatching(/^GET \/rest\/images\//),
      expect.stringMatching(/^GET \/rest\/images\//),
      'POST /rest/posts',
    ]);
    const after = (await postsOf(organization.remoteId)).filter((p) => !before.some((b) => b.id === p.id));
    expect(after).toEqual([expect.objectContaining({ text: 'Two photos, uploaded ahead' })]);
  });

  it('a video goes up ahead in LinkedIn’s 4 MB parts and processes meanwhile; the due call posts it once it is ready', async () => {
    const grant = await link();
    const before = await postsOf(person.remoteId);
    const prepared = await adapter.prepare(grant, post(person, 'A clip, uploaded ahead', [clip]), clock.now());
    expect(calls).toEqual([
      'POST /rest/videos',
      ...Array.from({ length: 3 }, (_, i) => expect.stringMatching(new RegExp(`^PUT /upload/video/[^/]+/${i}$`))),
      'POST /rest/videos',
    ]);
    expect(await postsOf(person.remoteId)).toEqual(before);
    // LinkedIn still processes it at the first look: processing, followed by publishStatus
    const first = await adapter.publishPrepared(grant, person, prepared.ticket);
    expect(first.state).toBe('processing');
    if (first.state !== 'processing') return;
    expect(await adapter.publishStatus(grant, person, first.ticket)).toMatchObject({ state: 'published' });
    const after = (await postsOf(person.remoteId)).filter((p) => !before.some((b) => b.id === p.id));
    expect(after).toEqual([expect.objectContaining({ text: 'A clip, uploaded ahead' })]);
  });

  it('uploads kept past the day are PREPARED_GONE and nothing is posted, whether the ticket or LinkedIn says so', async () => {
    const grant = await link();
    const before = await postsOf(organization.remoteId);
    const prepared = await adapter.prepare(grant, post(organization, 'Kept too long', [photo]), clock.now());
    clock.advance(LINKEDIN_PREPARED_VALID_MS + 60_000);
    calls = [];
    const early = await networkFailure(adapter.publishPrepared(grant, organization, prepared.ticket));
    expect(early).toMatchObject({ kind: 'permanent', details: { code: PREPARED_GONE } });
    expect(calls).toEqual([]);
    // a ticket whose validity says otherwise (another clock): LinkedIn no longer has the photo
    const stale = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(prepared.ticket, 'base64url').toString()), until: clock.nowMs() + 3600_000 }),
    ).toString('base64url');
    const refused = await networkFailure(adapter.publishPrepared(grant, organization, stale));
    expect(refused).toMatchObject({ kind: 'permanent', details: { code: PREPARED_GONE } });
    expect(calls.filter((c) => c === 'POST /rest/posts')).toEqual([]);
    expect(await postsOf(organization.remoteId)).toEqual(before);
  });

  it('a video LinkedIn no longer has is PREPARED_GONE; one whose processing failed is permanent', async () => {
    const grant = await link();
    const prepared = await adapter.prepare(grant, post(person, 'Video kept too long', [clip]), clock.now());
    const stale = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(prepared.ticket, 'base64url').toString()),
        until: clock.nowMs() + 2 * LINKEDIN_PREPARED_VALID_MS,
      }),
    ).toString('base64url');
    clock.advance(LINKEDIN_PREPARED_VALID_MS + 60_000);
    expect((await networkFailure(adapter.publishPrepared(grant, person, stale))).details.code).toBe(PREPARED_GONE);

    await emulators.control('/sandbox/linkedin', { fail: 'processing_error', only: 'publish' });
    const broken = await adapter.prepare(grant, post(person, 'Will not process', [clip]), clock.now());
    const err = await networkFailure(
      (async () => {
        const first = await adapter.publishPrepared(grant, person, broken.ticket);
        if (first.state === 'processing') await adapter.publishStatus(grant, person, first.ticket);
      })(),
    );
    expect(err.kind).toBe('permanent');
    expect(err.details.code).not.toBe(PREPARED_GONE);
  });

  it('text alone has nothing to upload: the ticket holds the text, and the due call posts it', async () => {
    const grant = await link();
    const prepared = await adapter.prepare(grant, post(person, 'Words only, prepared'), clock.now());
    expect(calls).toEqual([]);
    expect(await adapter.publishPrepared(grant, person, prepared.ticket)).toMatchObject({ state: 'published' });
  });
});
