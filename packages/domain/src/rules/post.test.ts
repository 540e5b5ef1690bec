import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULE_TIME,
  mediaCountIssue,
  mediaIssue,
  momentOf,
  POST_MSG,
  pointsFor,
  postTypeOf,
  scheduleIssue,
  storyIssue,
  type TMediaFacts,
} from './post';

const MB = 1024 * 1024;
const image = (over: Partial<TMediaFacts> = {}): TMediaFacts => ({
  kind: 'image',
  mimeType: 'image/jpeg',
  bytes: 1 * MB,
  width: 1080,
  height: 1080,
  durationSec: null,
  ...over,
});
const video = (over: Partial<TMediaFacts> = {}): TMediaFacts => ({
  kind: 'video',
  mimeType: 'video/mp4',
  bytes: 10 * MB,
  width: 1080,
  height: 1920,
  durationSec: 30,
  ...over,
});
const single = { multi: false, instagram: false };
const multi = { multi: true, instagram: false };

describe('media rules', () => {
  it('an image between 4:5 and 1.91:1 is accepted; outside it is refused, with the multi-post prefix in multi mode', () => {
    expect(mediaIssue(image({ width: 800, height: 1000 }), single)).toBeNull();
    expect(mediaIssue(image({ width: 1910, height: 1000 }), single)).toBeNull();
    expect(mediaIssue(image({ width: 600, height: 1000 }), single)).toBe(POST_MSG.imageAspect);
    expect(mediaIssue(image({ width: 2000, height: 1000 }), single)).toBe(POST_MSG.imageAspect);
    const m = mediaIssue(image({ width: 600, height: 1000 }), multi)!;
    expect(m.startsWith(POST_MSG.someImagesNotAdded)).toBe(true);
    expect(m).toContain(POST_MSG.imageAspect);
  });

  it('TIFF and unknown image types are not supported', () => {
    expect(mediaIssue(image({ mimeType: 'image/tiff' }), single)).toBe(POST_MSG.fileNotSupported);
    expect(mediaIssue(image({ mimeType: 'image/bmp' }), single)).toBe(POST_MSG.fileNotSupported);
    expect(mediaIssue({ ...image(), kind: 'other', mimeType: 'application/pdf' }, single)).toBe(POST_MSG.mediaNotSupported);
  });

  it('an image is under 30 MB alone and under 8 MB in multi-file mode; alone, Instagram re-encodes one over its 8 MB', () => {
    expect(mediaIssue(image({ bytes: 29 * MB }), single)).toBeNull();
    expect(mediaIssue(image({ bytes: 30 * MB }), single)).toBe(POST_MSG.imageTooLarge30);
    // Instagram's own limit is a notice of the network's (postLimitNotices), not a refusal of the file
    expect(mediaIssue(image({ bytes: 9 * MB }), { multi: false, instagram: true })).toBeNull();
    expect(mediaIssue(image({ bytes: 30 * MB }), { multi: false, instagram: true })).toBe(POST_MSG.imageTooLarge30);
    expect(mediaIssue(image({ bytes: 9 * MB }), multi)).toBe(POST_MSG.imagesUnder8);
    expect(mediaIssue(image({ bytes: 7 * MB }), multi)).toBeNull();
  });

  it('videos are MP4 or QuickTime, under 100 MB alone and 50 MB in multi mode', () => {
    expect(mediaIssue(video({ mimeType: 'video/quicktime' }), single)).toBeNull();
    expect(mediaIssue(video({ mimeType: 'video/webm' }), single)).toBe(POST_MSG.videoFormat);
    expect(mediaIssue(video({ bytes: 100 * MB }), single)).toBe(POST_MSG.videoUnder100);
    expect(mediaIssue(video({ bytes: 60 * MB, width: 1080, height: 1080 }), multi)).toBe(POST_MSG.videoUnder50);
  });

  it('in multi mode a video is 1:1, 9:16 or between 1.4 and 2, and at most 1920 wide', () => {
    expect(mediaIssue(video({ width: 1080, height: 1080 }), multi)).toBeNull();
    expect(mediaIssue(video({ width: 1080, height: 1920 }), multi)).toBeNull();
    expect(mediaIssue(video({ width: 1920, height: 1080 }), multi)).toBeNull();
    expect(mediaIssue(video({ width: 1200, height: 1000 }), multi)).toBe(POST_MSG.videoRatioMulti);
    expect(mediaIssue(video({ width: 2560, height: 1440 }), multi)).toBe(POST_MSG.videoResolution);
  });

  it('a single video wider than 1920 is a 2kvideo; with Instagram chosen it is refused with Instagram’s message', () => {
    const wide = video({ width: 2560, height: 1440 });
    expect(postTypeOf([wide], 'post')).toBe('2kvideo');
    expect(mediaIssue(wide, single)).toBeNull();
    expect(mediaIssue(wide, { multi: false, instagram: true })).toBe(POST_MSG.instagramResolution);
  });

  it('at most 10 files, at least 2 in multi mode, at least one at all', () => {
    expect(mediaCountIssue(11, true)).toBe(POST_MSG.maxFiles);
    expect(mediaCountIssue(1, true)).toBe(POST_MSG.atLeastTwo);
    expect(mediaCountIssue(0, false)).toBe(POST_MSG.mediaRequired);
    expect(mediaCountIssue(1, false)).toBeNull();
    expect(mediaCountIssue(10, true)).toBeNull();
  });
});

describe('post types', () => {
  it('several files: images only or a multi-post; one file: IMAGE, VIDEO, a story or a reel', () => {
    expect(postTypeOf([image(), image()], 'post')).toBe('MULTIPLEIMAGESONLY');
    expect(postTypeOf([image(), video()], 'post')).toBe('MULTIPLEPOST');
    expect(postTypeOf([image()], 'post')).toBe('IMAGE');
    expect(postTypeOf([video()], 'post')).toBe('VIDEO');
    expect(postTypeOf([image()], 'story')).toBe('storiesimage');
    expect(postTypeOf([video()], 'story')).toBe('storiesvideo');
    expect(postTypeOf([video()], 'reel')).toBe('REELS');
  });
});

describe('stories and reels', () => {
  it('only Instagram and Facebook take them; an image story only Instagram; a reel is a video', () => {
    expect(storyIssue('twitter', 'story', [video()])).toBe(POST_MSG.storyNetworks);
    expect(storyIssue('instagram', 'story', [image()])).toBeNull();
    expect(storyIssue('facebook', 'story', [image()])).toBe(POST_MSG.storyImageInstagram);
    expect(storyIssue('instagram', 'reel', [image()])).toBe(POST_MSG.storyVideoOnlyReel);
    expect(storyIssue('twitter', 'post', [video()])).toBeNull();
  });

  it('videos up to 60 s on Instagram and 90 s on Facebook, narrower than 1920, in 9:16 or 16:9', () => {
    expect(storyIssue('instagram', 'reel', [video({ durationSec: 61 })])).toBe(POST_MSG.storyDuration('Instagram', 60));
    expect(storyIssue('facebook', 'reel', [video({ durationSec: 80 })])).toBeNull();
    expect(storyIssue('facebook', 'reel', [video({ durationSec: 91 })])).toBe(POST_MSG.storyDuration('Facebook', 90));
    expect(storyIssue('instagram', 'story', [video({ width: 1920, height: 1080 })])).toBe(POST_MSG.storyWidth);
    expect(storyIssue('instagram', 'story', [video({ width: 1080, height: 1080 })])).toBe(POST_MSG.storyAspect);
    expect(storyIssue('instagram', 'story', [video(), video()])).toBe(POST_MSG.storySingle);
  });
});

describe('schedule rule', () => {
  const now = new Date('2026-11-25T09:00:00Z');
  const rule = (date: string, time: string, planEnd: Date | null = null, offsetMinutes = 0) =>
    scheduleIssue({ date, time, now, offsetMinutes, planEnd });

  it('a date before today is refused; today is allowed 10 minutes ahead or more', () => {
    expect(rule('2026-11-24', '12:00')).toBe(POST_MSG.dateTodayOrLater);
    expect(rule('2026-11-25', '09:10')).toBeNull();
    expect(rule('2026-11-25', '09:09')).toBe(POST_MSG.tenMinutesAhead);
    expect(rule('2026-11-25', '08:59')).toBe(POST_MSG.timeBeforeNow);
    expect(rule('2026-11-26', DEFAULT_SCHEDULE_TIME)).toBeNull();
  });

  it('a time that is not HH:mm, or a date that does not exist, is not a time', () => {
    expect(rule('2026-11-26', '24:00')).toBe(POST_MSG.timeInvalid);
    expect(rule('2026-11-26', '9:5')).toBe(POST_MSG.timeInvalid);
    expect(rule('2026-02-30', '10:00')).toBe(POST_MSG.timeInvalid);
    expect(scheduleIssue({ date: null, time: '10:00', now, offsetMinutes: 0, planEnd: null })).toBe(POST_MSG.dateTodayOrLater);
  });

  it('no later than the day before the plan’s last day, to its end', () => {
    const end = new Date('2026-12-10T15:00:00Z');
    expect(rule('2026-12-09', '23:59', end)).toBeNull();
    expect(rule('2026-12-10', '00:00', end)).toBe(POST_MSG.dateWithinLimit);
  });

  it('the browser reads its own zone: 00:30 tomorrow in UTC+5:30 is today 19:00 in UTC', () => {
    // 09:00 UTC is 14:30 in India: today there is 2026-11-25; 2026-11-26 00:30 IST = 2026-11-25 19:00 UTC
    expect(rule('2026-11-26', '00:30', null, 330)).toBeNull();
    expect(momentOf('2026-11-26', '00:30', 330)!.toISOString()).toBe('2026-11-25T19:00:00.000Z');
    // 14:35 IST today is 5 minutes ahead
    expect(rule('2026-11-25', '14:35', null, 330)).toBe(POST_MSG.tenMinutesAhead);
  });
});

describe('points', () => {
  it('a post of several files earns 2 per network, a single one 1', () => {
    expect(pointsFor('IMAGE')).toBe(1);
    expect(pointsFor('VIDEO')).toBe(1);
    expect(pointsFor('MULTIPLEIMAGESONLY')).toBe(2);
    expect(pointsFor('MULTIPLEPOST')).toBe(2);
    expect(pointsFor('CAROUSEL')).toBe(2);
  });
});
