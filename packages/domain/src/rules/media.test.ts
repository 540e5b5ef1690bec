import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { IMAGE_URL_MAX } from './limits';
import { imageUrlIssue, isBackgroundColor, ownUploadPrefix, PROFILE_IMAGE_TOO_LONG, zBackgroundColor } from './media';
import { zProfileFields } from './profile';
import { subUserSchema } from './team';

const OWN = ownUploadPrefix('http://localhost:3000');
const NOT_HTTPS = 'Profile image must be an https:// address';

describe('ownUploadPrefix', () => {
  it("is the server's public URL followed by /uploads/, with or without a trailing slash", () => {
    expect(OWN).toBe('http://localhost:3000/uploads/');
    expect(ownUploadPrefix('http://localhost:3000/')).toBe('http://localhost:3000/uploads/');
    expect(ownUploadPrefix('https://app.example.com/virality')).toBe('https://app.example.com/virality/uploads/');
  });
});

describe('a profile image must be https or one of our own uploads', () => {
  it('the message is the one the forms show', () => {
    expect(MSG.profileImageNotHttps).toBe(NOT_HTTPS);
  });

  it('accepts https:// addresses', () => {
    for (const url of [
      'https://cdn.example.com/a.png',
      'HTTPS://cdn.example.com/a.png?w=64#x',
      'https://example.com:8443/p/q.webp',
    ])
      expect(imageUrlIssue(url, OWN), url).toBeNull();
  });

  it("accepts a file under this server's own upload prefix, even over http", () => {
    expect(imageUrlIssue('http://localhost:3000/uploads/profile/abc-123.png', OWN)).toBeNull();
  });

  it('no image (null, undefined or empty) is no issue', () => {
    for (const v of [null, undefined, '']) expect(imageUrlIssue(v, OWN)).toBeNull();
  });

  it('refuses javascript:, data:, http: to another host, protocol-relative and non-URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://evil.example/x.png',
      '//evil.example/x.png',
      'not a url',
      'cdn.example.com/a.png',
      '/uploads/profile/a.png',
      'ftp://example.com/a.png',
      'https:evil.example/x.png',
      'https://user:pass@evil.example/x.png',
      'https://cdn.example.com/a.png" onerror="alert(1)',
      'https://cdn.example.com/<script>',
      ' https://cdn.example.com/a.png',
    ])
      expect(imageUrlIssue(url, OWN), url).toBe(NOT_HTTPS);
  });

  it('only our own upload folder counts as ours: not the bare prefix, other paths, look-alike hosts or ../', () => {
    for (const url of [
      'http://localhost:3000/uploads/',
      'http://localhost:3000/other/a.png',
      'http://localhost:3000.evil.example/uploads/a.png',
      'http://localhost:3000@evil.example/uploads/a.png',
      'http://localhost:3001/uploads/a.png',
      'http://localhost:3000/uploads/../api/user/getUserStatus',
      'http://localhost:3000/uploads/%2e%2e/api/user/getUserStatus',
    ])
      expect(imageUrlIssue(url, OWN), url).toBe(NOT_HTTPS);
  });

  it('without an own prefix only https is accepted', () => {
    expect(imageUrlIssue('http://localhost:3000/uploads/profile/a.png', null)).toBe(NOT_HTTPS);
    expect(imageUrlIssue('https://cdn.example.com/a.png')).toBeNull();
  });

  it(`is at most ${IMAGE_URL_MAX} characters`, () => {
    const base = 'https://cdn.example.com/';
    expect(imageUrlIssue(base + 'a'.repeat(IMAGE_URL_MAX - base.length), OWN)).toBeNull();
    expect(imageUrlIssue(base + 'a'.repeat(IMAGE_URL_MAX - base.length + 1), OWN)).toBe(PROFILE_IMAGE_TOO_LONG);
    expect(PROFILE_IMAGE_TOO_LONG).toBe('Profile image is too long');
  });
});

describe('a background colour is a hex colour and nothing else', () => {
  it('accepts #rgb, #rrggbb and #rrggbbaa in any case, and empty (no colour)', () => {
    for (const c of ['#fff', '#FFF', '#ff8800', '#Ff88aA', '#ff880080', '']) expect(isBackgroundColor(c), c).toBe(true);
  });

  it('refuses colour names, other lengths and anything that could carry CSS or markup', () => {
    for (const c of [
      'red',
      'red;background:url(x)',
      '#ff88',
      '#ff88001',
      '#ggg',
      'ff8800',
      'rgb(0,0,0)',
      '#fff;',
      '#fff"><script>',
      ' #fff',
      'var(--x)',
    ])
      expect(isBackgroundColor(c), c).toBe(false);
  });

  it("says 'Background color must be a hex color such as #ff8800' on the profile and the sub-user form", () => {
    expect(zBackgroundColor.safeParse('red;background:url(x)').error?.issues[0]?.message).toBe(MSG.backgroundColorInvalid);
    expect(zBackgroundColor.safeParse(null).success).toBe(true);
    expect(zBackgroundColor.safeParse(undefined).success).toBe(true);
    const profile = zProfileFields.safeParse({ backgroundColor: 'red;background:url(x)' });
    expect(profile.error?.issues.find((i) => i.path[0] === 'backgroundColor')?.message).toBe(MSG.backgroundColorInvalid);
    const sub = subUserSchema('create', '2025-06-15').partial().safeParse({ backgroundColor: 'url(javascript:x)' });
    expect(sub.error?.issues.find((i) => i.path[0] === 'backgroundColor')?.message).toBe(MSG.backgroundColorInvalid);
    expect(subUserSchema('create', '2025-06-15').partial().safeParse({ backgroundColor: '#ffaa00' }).success).toBe(true);
  });
});
