import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '../contracts/activity';
import { base64UrlBytes, pushCategoryOf, pushUrlOf, readWebPushSubscription, WEB_PUSH_MSG, webPushMessageOf } from './web-push';

const b64 = (bytes: number[]) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const P256DH = b64([4, ...Array.from({ length: 64 }, (_, i) => i)]);
const AUTH = b64(Array.from({ length: 16 }, (_, i) => 200 - i));
const sub = (over: Record<string, unknown> = {}, keys: Record<string, unknown> = {}) =>
  JSON.stringify({
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    keys: { p256dh: P256DH, auth: AUTH, ...keys },
    ...over,
  });
const issueOf = (token: string) => {
  const r = readWebPushSubscription(token);
  return 'issue' in r ? r.issue : null;
};

describe('base64UrlBytes', () => {
  it('decodes base64url with or without padding and refuses other text', () => {
    expect([...(base64UrlBytes('AQID') ?? [])]).toEqual([1, 2, 3]);
    expect([...(base64UrlBytes('-_8') ?? [])]).toEqual([251, 255]);
    expect([...(base64UrlBytes('AQ==') ?? [])]).toEqual([1]);
    expect(base64UrlBytes('a+b/')).toBeNull();
    expect(base64UrlBytes('A')).toBeNull();
    expect(base64UrlBytes('')).toBeNull();
  });
});

describe('readWebPushSubscription (a web device token)', () => {
  it('takes the JSON of a browser subscription and keeps its endpoint and keys', () => {
    const r = readWebPushSubscription(sub());
    expect(r).toEqual({
      subscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        expirationTime: null,
        keys: { p256dh: P256DH, auth: AUTH },
      },
    });
  });
  it('refuses what is not a subscription object', () => {
    expect(issueOf('not json')).toBe(WEB_PUSH_MSG.notJson);
    expect(issueOf('[]')).toBe(WEB_PUSH_MSG.notJson);
    expect(issueOf('"text"')).toBe(WEB_PUSH_MSG.notJson);
  });
  it('refuses an endpoint that is not an http(s) address without credentials', () => {
    expect(issueOf(sub({ endpoint: 'ftp://push.example/x' }))).toBe(WEB_PUSH_MSG.endpointInvalid);
    expect(issueOf(sub({ endpoint: 'not a url' }))).toBe(WEB_PUSH_MSG.endpointInvalid);
    expect(issueOf(sub({ endpoint: 'https://user:pw@push.example/x' }))).toBe(WEB_PUSH_MSG.endpointInvalid);
    expect(issueOf(sub({ endpoint: `https://push.example/${'a'.repeat(2100)}` }))).toBe(WEB_PUSH_MSG.endpointInvalid);
    expect(issueOf(sub({ endpoint: 42 }))).toBe(WEB_PUSH_MSG.endpointInvalid);
  });
  it('refuses keys of the wrong size or encoding: p256dh 65 bytes starting with 4, auth at least 16 bytes', () => {
    expect(issueOf(sub({}, { p256dh: b64([4, 1, 2]) }))).toBe(WEB_PUSH_MSG.keysInvalid);
    expect(issueOf(sub({}, { p256dh: b64([3, ...Array.from({ length: 64 }, () => 1)]) }))).toBe(WEB_PUSH_MSG.keysInvalid);
    expect(issueOf(sub({}, { auth: b64(Array.from({ length: 15 }, () => 1)) }))).toBe(WEB_PUSH_MSG.keysInvalid);
    expect(issueOf(sub({}, { auth: 'a+b/c+d/e+f/g+h/i+j/' }))).toBe(WEB_PUSH_MSG.keysInvalid);
    expect(issueOf(sub({ keys: null }))).toBe(WEB_PUSH_MSG.keysInvalid);
  });
  it('refuses an expirationTime that is not a time', () => {
    expect(issueOf(sub({ expirationTime: 'soon' }))).toBe(WEB_PUSH_MSG.expirationInvalid);
    expect(issueOf(sub({ expirationTime: 1_900_000_000_000 }))).toBeNull();
  });
});

describe('pushCategoryOf', () => {
  it("every kind of notification the product sends answers to a switch; the user's own news to Social media", () => {
    for (const type of ACTIVITY_TYPES) expect(pushCategoryOf(type)).toBe('socialMedia');
  });
  it('a kind it does not know is taken for an offer (Promotional, off until the user turns it on)', () => {
    expect(pushCategoryOf('SOMETHING_NEW')).toBe('promotional');
  });
});

describe('webPushMessageOf', () => {
  it("a finished post opens the post's page and replaces an earlier push about the same post", () => {
    const m = webPushMessageOf({
      id: 'n1',
      type: 'POST_NOTIFICATION',
      title: 'Post sent',
      description: 'Posted to X',
      payload: { payloadId: 'p_1' },
    });
    expect(m).toEqual({ title: 'Post sent', body: 'Posted to X', url: '/postoverview/p_1', tag: 'post-p_1' });
  });
  it('anything else opens the page that answers it, or the notifications list', () => {
    expect(pushUrlOf('ACCOUNT_RECONNECT', null)).toBe('/addsocialmedia');
    expect(pushUrlOf('DRAFT_REVIEW', { payloadId: 'p' })).toBe('/postdraft');
    expect(pushUrlOf('LEVEL_REACHED', null)).toBe('/notifications');
    expect(pushUrlOf('POST_NOTIFICATION', { payloadId: '../../x' })).toBe('/notifications');
  });
  it('cuts long texts so the push stays small', () => {
    const m = webPushMessageOf({
      id: 'n2',
      type: 'PLAN_ENDING',
      title: 't'.repeat(500),
      description: 'd'.repeat(5000),
      payload: null,
    });
    expect(m.title.length).toBe(120);
    expect(m.body.length).toBe(600);
    expect(m.tag).toBe('n-n2');
    expect(new TextEncoder().encode(JSON.stringify(m)).length).toBeLessThan(3000);
  });
});
