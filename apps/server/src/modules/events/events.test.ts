import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENTS_TICKET_TTL_SECONDS, MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPeerApp, buildTestApp, buildUser, call, givePlan, PASSWORD, type TTestApp } from '../../test/helpers';
import { linkAll, postBody, uploadPhoto } from '../posts/posts-test-kit';

type TEvent = { event: string; data: unknown };

/** An open stream read as a browser's EventSource would: events in order, and whether the server ended it. */
function openStream(base: string, ticket: string) {
  const events: TEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  let buffer = '';
  let stop: () => void = () => undefined;
  const heard = () => {
    for (const w of waiters.splice(0)) w();
  };
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, { headers: { accept: 'text/event-stream' } });
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at = buffer.indexOf('\n\n');
        while (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          at = buffer.indexOf('\n\n');
        }
        heard();
      });
      res.on('end', () => {
        ended = true;
        heard();
      });
      resolve(res);
    });
    req.on('error', reject);
    stop = () => req.destroy();
  });
  /** Waits until the stream has said `n` events (or ended), at most 5 s. */
  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`stream: still waiting; heard ${JSON.stringify(events)}, ended ${ended}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    response,
    events,
    ended: () => ended,
    nth: async (n: number) => {
      await until(() => events.length >= n || ended);
      return events[n - 1];
    },
    end: async () => until(() => ended),
    close: () => stop(),
  };
}

const ticketOf = async (t: TTestApp, token: string) => {
  const res = await call(t, 'POST', '/api/events/ticket', { token });
  expect(res.status).toBe(200);
  return res.json.response.ticket as string;
};

describe('the live stream of a logged-in page', () => {
  let t: TTestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a ticket only to a logged-in caller, valid for a short time', async () => {
    const anonymous = await call(t, 'POST', '/api/events/ticket');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe(MSG.unauthorized);
    const { token } = await buildUser(t);
    const res = await call(t, 'POST', '/api/events/ticket', { token });
    expect(res.status).toBe(200);
    expect(typeof res.json.response.ticket).toBe('string');
    const left = new Date(res.json.response.expiresAt).getTime() - t.clock.nowMs();
    expect(left).toBeGreaterThan((EVENTS_TICKET_TTL_SECONDS - 5) * 1000);
    expect(left).toBeLessThanOrEqual(EVENTS_TICKET_TTL_SECONDS * 1000);
  });

  it('opens with the unseen count, then sends the new count when a notification arrives and when the bell is clicked', async () => {
    const { user, token } = await buildUser(t);
    await t.services.notifications.notify(user.id, { type: 'POST_NOTIFICATION', title: 'Your post is live' });
    const stream = openStream(base, await ticketOf(t, token));
    const res = await stream.response;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await stream.nth(1)).toEqual({ event: 'unseen', data: { count: 1 } });
    await t.services.notifications.notify(user.id, { type: 'POST_NOTIFICATION', title: 'Your draft was approved' });
    expect(await stream.nth(2)).toEqual({ event: 'unseen', data: { count: 2 } });
    expect((await call(t, 'PUT', '/api/activity/markSeenActivity', { token })).status).toBe(200);
    expect(await stream.nth(3)).toEqual({ event: 'unseen', data: { count: 0 } });
    stream.close();
  });

  it("tells a page when a post of its organization moves (post), never another organization's", async () => {
    const a = await buildUser(t, { profileType: 'BUSINESS' });
    const b = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, a.user.id);
    await givePlan(t, b.user.id);
    const [ida, idb] = [await linkAll(t, a.token, ['twitter']), await linkAll(t, b.token, ['twitter'])];
    const stream = openStream(base, await ticketOf(t, a.token));
    expect(await stream.nth(1)).toEqual({ event: 'unseen', data: { count: 0 } });
    const post = async (who: { token: string }, account: string) =>
      (
        await call(t, 'POST', '/sph/social-media-manager/single-post/', {
          token: who.token,
          body: postBody(`Live ${Date.now()}`, [await uploadPhoto(t, who.token)], [{ UserSocialMediaID: account }]),
        })
      ).json.response_data.CommonPostID as string;
    await post(b, idb.twitter);
    const mine = await post(a, ida.twitter);
    expect(await stream.nth(2)).toEqual({ event: 'post', data: { CommonPostID: mine } });
    expect(stream.events.filter((e) => e.event === 'post')).toHaveLength(1);
    stream.close();
  });

  it("never tells one user's stream about another user's notifications", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const stream = openStream(base, await ticketOf(t, a.token));
    expect(await stream.nth(1)).toEqual({ event: 'unseen', data: { count: 0 } });
    await t.services.notifications.notify(b.user.id, { type: 'POST_NOTIFICATION', title: 'For b' });
    await t.services.notifications.notify(a.user.id, { type: 'POST_NOTIFICATION', title: 'For a' });
    expect(await stream.nth(2)).toEqual({ event: 'unseen', data: { count: 1 } });
    expect(stream.events).toHaveLength(2);
    stream.close();
  });

  it('ends the stream (event end) when its session is logged out, and the same ticket then opens nothing', async () => {
    const { token } = await buildUser(t);
    const ticket = await ticketOf(t, token);
    const stream = openStream(base, ticket);
    expect((await stream.nth(1))?.event).toBe('unseen');
    expect((await call(t, 'POST', '/api/user/logout', { token })).status).toBe(200);
    await stream.end();
    expect(stream.events.at(-1)).toEqual({ event: 'end', data: { reason: 'session' } });
    const again = await call(t, 'GET', `/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);
  });

  it("ends the streams of the user's other sessions when the password is changed; the changing session's stays open", async () => {
    const { email, token } = await buildUser(t);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: PASSWORD } });
    const other = login.json.response.accessToken as string;
    const here = openStream(base, await ticketOf(t, token));
    const there = openStream(base, await ticketOf(t, other));
    expect((await here.nth(1))?.event).toBe('unseen');
    expect((await there.nth(1))?.event).toBe('unseen');
    const change = await call(t, 'POST', '/api/user/changePassword', {
      token,
      body: { oldPassword: PASSWORD, newPassword: 'N3w!Secret' },
    });
    expect(change.status).toBe(200);
    await there.end();
    expect(there.events.at(-1)?.event).toBe('end');
    expect(here.ended()).toBe(false);
    here.close();
  });

  it('ends open streams when the server stops, so it stops at once', async () => {
    const other = await buildTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await buildUser(other);
    const stream = openStream(
      `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`,
      await ticketOf(other, token),
    );
    expect((await stream.nth(1))?.event).toBe('unseen');
    await other.close();
    await stream.end();
    expect(stream.ended()).toBe(true);
  });

  it('a ticket opens one stream only: its second use answers 401 saying it was used, while the first stream stays open', async () => {
    const { token } = await buildUser(t);
    const ticket = await ticketOf(t, token);
    const first = openStream(base, ticket);
    expect((await first.nth(1))?.event).toBe('unseen');
    const again = await call(t, 'GET', `/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);
    expect(again.json.message).toBe(MSG.ticketUsed);
    // the same ticket spelled otherwise (the signature's last base64url character carries two unused bits, which
    // the verifier ignores) is the same ticket: it is used by its signed id, not by its text
    const last = ticket.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBits = alphabet[(alphabet.indexOf(last) & ~3) + ((alphabet.indexOf(last) + 1) & 3)];
    const respelled = `${ticket.slice(0, -1)}${sameBits}`;
    const res = await call(t, 'GET', `/api/events?ticket=${encodeURIComponent(respelled)}`);
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.ticketUsed);
    expect(first.ended()).toBe(false);
    first.close();
    // closed, it opens nothing either; a new ticket (even one asked for in the same second) opens a new stream
    const after = await call(t, 'GET', `/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(after.json.message).toBe(MSG.ticketUsed);
    const [a, b] = [await ticketOf(t, token), await ticketOf(t, token)];
    expect(a).not.toBe(b);
    for (const fresh of [a, b]) {
      const stream = openStream(base, fresh);
      expect((await stream.response).statusCode).toBe(200);
      stream.close();
    }
  });

  it('a ticket tried twice at the same instant opens exactly one stream', async () => {
    const { token } = await buildUser(t);
    const ticket = await ticketOf(t, token);
    const streams = [openStream(base, ticket), openStream(base, ticket), openStream(base, ticket)];
    const codes = await Promise.all(streams.map(async (s) => (await s.response).statusCode));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 401)).toHaveLength(2);
    for (const s of streams) s.close();
  });

  it('refuses a missing, forged or expired ticket, and an access token in place of a ticket (and the reverse), with 401', async () => {
    const { token } = await buildUser(t);
    const ticket = await ticketOf(t, token);
    for (const url of ['/api/events', '/api/events?ticket=', '/api/events?ticket=abc', `/api/events?ticket=${token}`]) {
      const res = await call(t, 'GET', url);
      expect(res.status, url).toBe(401);
      expect(res.json.message, url).toBe(MSG.unauthorized);
    }
    // a ticket is not an access token
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: ticket })).status).toBe(401);
    const tooLong = await call(t, 'GET', `/api/events?ticket=${'x'.repeat(600)}`);
    expect(tooLong.status).toBe(400);
    t.clock.advance((EVENTS_TICKET_TTL_SECONDS + 1) * 1000);
    const expired = await call(t, 'GET', `/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(expired.status).toBe(401);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the live stream hears what another process writes', () => {
  let t: TTestApp;
  let peer: Awaited<ReturnType<typeof buildPeerApp>>;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    peer = await buildPeerApp(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  it('a ticket used in one process opens nothing in another', async () => {
    const { token } = await buildUser(t);
    const ticket = await ticketOf(t, token);
    const stream = openStream(base, ticket);
    expect((await stream.response).statusCode).toBe(200);
    const replay = await call(peer as unknown as TTestApp, 'GET', `/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(replay.status).toBe(401);
    expect(replay.json.message).toBe(MSG.ticketUsed);
    stream.close();
  });

  it('a notification added by another process shows in the open stream; a logout there ends it', async () => {
    const { user, token } = await buildUser(t);
    const stream = openStream(base, await ticketOf(t, token));
    expect(await stream.nth(1)).toEqual({ event: 'unseen', data: { count: 0 } });
    await peer.services.notifications.notify(user.id, { type: 'POST_NOTIFICATION', title: 'Published' });
    expect(await stream.nth(2)).toEqual({ event: 'unseen', data: { count: 1 } });
    const out = await call(peer as unknown as TTestApp, 'POST', '/api/user/logout', { token });
    expect(out.status).toBe(200);
    await stream.end();
    expect(stream.events.at(-1)?.event).toBe('end');
  });
});
