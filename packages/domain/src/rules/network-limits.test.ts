import { describe, expect, it } from 'vitest';
import { NETWORK_LIMITS, postLimitIssues, type TLimitedPost } from './network-limits';

const photo = (over: Partial<TLimitedPost['media'][number]> = {}): TLimitedPost['media'][number] => ({
  type: 'image',
  mimeType: 'image/jpeg',
  bytes: 100_000,
  width: 1080,
  height: 1080,
  durationSec: null,
  ...over,
});
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
    expect(postLimitIssues('Instagram', NETWORK_LIMITS.instagram, { format: 'post', text: 'Hi', media: [svg] })).toContain(
      'Instagram does not take image/png photos',
    );
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
    expect(issues('Instagram', 'instagram', { format: 'post', text: '', media: [photo({ mimeType: 'image/png' })] })).toContain(
      'Instagram does not take image/png photos',
    );
    expect(issues('Facebook', 'facebook', { format: 'post', text: '', media: [photo({ bytes: 5 * 1024 * 1024 })] })).toContain(
      'Facebook takes photos up to 4 MB; one is 5 MB',
    );
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
