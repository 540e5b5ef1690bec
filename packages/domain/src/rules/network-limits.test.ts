import { describe, expect, it } from 'vitest';
import { MEDIA_CONVERT_MSG } from '../messages';
import { imageConversion, NETWORK_LIMITS, postLimitIssues, postLimitNotices, type TLimitedPost } from './network-limits';

const photo = (over: Partial<TLimitedPost['media'][number]> = {}): TLimitedPost['media'][number] => ({
  type: 'image',
  mimeType: 'image/jpeg',
  bytes: 100_000,
  width: 1080,
  height: 1080,
  durationSec: null,
  ...over,
});
const MB = 1024 * 1024;
const video = (over: Partial<TLimitedPost['media'][number]> = {}): TLimitedPost['media'][number] => ({
  type: 'video',
  mimeType: 'video/mp4',
  bytes: 5_000_000,
  width: 1080,
  height: 1920,
  durationSec: 30,
  ...over,
});

describe("a post is checked against each network's limits before it is sent", () => {
  it('a post within the limits has no issue', () => {
    expect(postLimitIssues('Instagram', NETWORK_LIMITS.instagram, { format: 'post', text: 'Hi', media: [photo()] })).toEqual([]);
    expect(postLimitIssues('X', NETWORK_LIMITS.twitter, { format: 'post', text: 'Hi', media: [] })).toEqual([]);
  });

  it('an SVG is checked as the PNG the server posts in its place', () => {
    const svg = photo({ mimeType: 'image/svg+xml' });
    expect(postLimitIssues('X', NETWORK_LIMITS.twitter, { format: 'post', text: 'Hi', media: [svg] })).toEqual([]);
    expect(postLimitNotices('X', NETWORK_LIMITS.twitter, { format: 'post', text: 'Hi', media: [svg] })).toEqual([]);
    expect(postLimitNotices('Instagram', NETWORK_LIMITS.instagram, { format: 'post', text: 'Hi', media: [svg] })).toEqual([
      'converted to JPEG for Instagram',
    ]);
    expect(
      postLimitIssues('Instagram', NETWORK_LIMITS.instagram, { format: 'post', text: 'Hi', media: [svg] }, { asSent: true }),
    ).toContain('Instagram does not take image/png photos');
  });

  it('text past the limit says both numbers', () => {
    expect(postLimitIssues('X', NETWORK_LIMITS.twitter, { format: 'post', text: 'a'.repeat(281), media: [] })).toEqual([
      'X allows 280 characters; this post has 281',
    ]);
  });

  it('a network that needs media refuses text alone; an empty post is refused everywhere', () => {
    expect(postLimitIssues('TikTok', NETWORK_LIMITS.tiktok, { format: 'post', text: 'Hi', media: [] })).toContain(
      'TikTok needs a photo or a video',
    );
    expect(postLimitIssues('LinkedIn', NETWORK_LIMITS.linkedin, { format: 'post', text: '  ', media: [] })).toContain(
      'A LinkedIn post needs text or media',
    );
  });

  it('formats, counts, mixing, types, sizes, widths, aspect ratios and durations are each named', () => {
    const issues = (label: string, key: keyof typeof NETWORK_LIMITS, post: TLimitedPost) =>
      postLimitIssues(label, NETWORK_LIMITS[key], post);
    expect(issues('LinkedIn', 'linkedin', { format: 'story', text: 'x', media: [] })).toContain(
      'LinkedIn does not take a story from Virality',
    );
    expect(issues('X', 'twitter', { format: 'post', text: '', media: [photo(), photo(), photo(), photo(), photo()] })).toContain(
      'X takes at most 4 files in one post',
    );
    expect(issues('X', 'twitter', { format: 'post', text: '', media: [photo(), video()] })).toContain(
      'X does not mix photos and videos in one post',
    );
    expect(
      issues('X', 'twitter', { format: 'post', text: '', media: [photo({ mimeType: 'image/gif', bytes: 6 * MB })] }),
    ).toContain('X takes photos up to 5 MB; one is 6 MB');
    expect(issues('Instagram', 'instagram', { format: 'post', text: '', media: [photo({ width: 200, height: 200 })] })).toContain(
      'Instagram needs photos at least 320 px wide',
    );
    expect(
      issues('Instagram', 'instagram', { format: 'post', text: '', media: [photo({ width: 1080, height: 1920 })] }),
    ).toContain('Instagram takes photos between 0.80:1 and 1.91:1');
    expect(issues('X', 'twitter', { format: 'post', text: '', media: [video({ durationSec: 200 })] })).toContain(
      'X takes videos from 0.5 to 140 seconds long',
    );
    expect(issues('YouTube', 'youtube', { format: 'post', text: '', media: [photo()] })).toContain('YouTube takes videos only');
  });
});

describe('a photo a network does not take as it is, but that a conversion fixes, is a notice, not a refusal', () => {
  const post = (...media: TLimitedPost['media']): TLimitedPost => ({ format: 'post', text: 'Hi', media });

  it('a PNG for Instagram: no issue, the notice "converted to JPEG for Instagram"', () => {
    const png = post(photo({ mimeType: 'image/png' }));
    expect(postLimitIssues('Instagram', NETWORK_LIMITS.instagram, png)).toEqual([]);
    expect(postLimitNotices('Instagram', NETWORK_LIMITS.instagram, png)).toEqual(['converted to JPEG for Instagram']);
    expect(MEDIA_CONVERT_MSG.convertedToJpeg('Facebook')).toBe('converted to JPEG for Facebook');
  });

  it('a WebP for LinkedIn and for Threads is converted; X and TikTok take it as it is', () => {
    const webp = post(photo({ mimeType: 'image/webp' }));
    expect(postLimitIssues('LinkedIn', NETWORK_LIMITS.linkedin, webp)).toEqual([]);
    expect(postLimitNotices('LinkedIn', NETWORK_LIMITS.linkedin, webp)).toEqual(['converted to JPEG for LinkedIn']);
    expect(postLimitNotices('Threads', NETWORK_LIMITS.threads, webp)).toEqual(['converted to JPEG for Threads']);
    expect(postLimitNotices('X', NETWORK_LIMITS.twitter, webp)).toEqual([]);
    expect(postLimitNotices('TikTok', NETWORK_LIMITS.tiktok, webp)).toEqual([]);
  });

  it('a photo over the network\'s weight: no issue, the notice "re-encoded to fit Instagram\'s 8 MB limit"', () => {
    const heavy = post(photo({ bytes: 9 * MB }));
    expect(postLimitIssues('Instagram', NETWORK_LIMITS.instagram, heavy)).toEqual([]);
    expect(postLimitNotices('Instagram', NETWORK_LIMITS.instagram, heavy)).toEqual(["re-encoded to fit Instagram's 8 MB limit"]);
    expect(postLimitNotices('Facebook', NETWORK_LIMITS.facebook, post(photo({ mimeType: 'image/png', bytes: 5 * MB })))).toEqual([
      "re-encoded to fit Facebook's 4 MB limit",
    ]);
  });

  it('several photos needing the same conversion give one notice; a PNG over the weight gives both', () => {
    const pngs = post(photo({ mimeType: 'image/png' }), photo({ mimeType: 'image/png', bytes: 9 * MB }));
    expect(postLimitNotices('Instagram', NETWORK_LIMITS.instagram, pngs)).toEqual([
      'converted to JPEG for Instagram',
      "re-encoded to fit Instagram's 8 MB limit",
    ]);
  });

  it('what a conversion cannot fix stays a refusal: a video too long, a photo too narrow or of the wrong shape, a GIF', () => {
    expect(postLimitIssues('X', NETWORK_LIMITS.twitter, post(video({ durationSec: 200 })))).toEqual([
      'X takes videos from 0.5 to 140 seconds long',
    ]);
    expect(postLimitNotices('X', NETWORK_LIMITS.twitter, post(video({ durationSec: 200 })))).toEqual([]);
    const narrowPng = post(photo({ mimeType: 'image/png', width: 200, height: 200 }));
    expect(postLimitIssues('Instagram', NETWORK_LIMITS.instagram, narrowPng)).toEqual([
      'Instagram needs photos at least 320 px wide',
    ]);
    expect(postLimitIssues('Instagram', NETWORK_LIMITS.instagram, post(photo({ mimeType: 'image/png', height: 1920 })))).toEqual([
      'Instagram takes photos between 0.80:1 and 1.91:1',
    ]);
    expect(postLimitIssues('Instagram', NETWORK_LIMITS.instagram, post(photo({ mimeType: 'image/gif' })))).toEqual([
      'Instagram does not take image/gif photos',
    ]);
    expect(imageConversion(NETWORK_LIMITS.instagram, { mimeType: 'image/gif', bytes: 1 })).toBeNull();
    expect(imageConversion(NETWORK_LIMITS.youtube, { mimeType: 'image/png', bytes: 1 })).toBeNull();
  });

  it('what is sent to the network (asSent) is checked as it is: a PNG or an overweight photo is refused there', () => {
    const png = post(photo({ mimeType: 'image/png', bytes: 9 * MB }));
    expect(postLimitIssues('Instagram', NETWORK_LIMITS.instagram, png, { asSent: true })).toEqual([
      'Instagram does not take image/png photos',
      'Instagram takes photos up to 8 MB; one is 9 MB',
    ]);
  });
});
