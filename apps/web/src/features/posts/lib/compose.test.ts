import {
  orderTiktokPrivacy,
  POST_MSG,
  TIKTOK_PRIVACY_LABELS,
  type TMediaFacts,
  type TPost,
  type TSocialAccount,
  tiktokPrivacyLabel,
} from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRequest,
  emptyComposer,
  formatsOffered,
  fromUtc,
  networkChecks,
  offeredNetworks,
  postTypeFor,
  roleOf,
  stateFromDraft,
  submitCheck,
  type TComposerState,
  type TMediaItem,
  toUtc,
} from './compose';
import { combine, FILTER_PRESETS, NO_ADJUSTMENTS, TEXT_SIZE_DEFAULT } from './filters';
import { foldCaption } from './preview';

const account = (id: string, network: string, name = id): TSocialAccount => ({
  id,
  UserName: name,
  ProfilePictureURL: null,
  SocialMediaID: network,
  SocialMediaName: '',
  Kind: 'profile',
  Status: 'linked',
  StatusReason: null,
  CreatedDate: '2024-01-01T00:00:00.000Z',
});
const ACCOUNTS = [account('ig1', '1'), account('fb1', '2'), account('yt1', '3'), account('tt1', '5'), account('tt2', '5')];

const image = (over: Partial<TMediaFacts> = {}): TMediaFacts => ({
  kind: 'image',
  mimeType: 'image/jpeg',
  bytes: 200_000,
  width: 1080,
  height: 1080,
  durationSec: null,
  ...over,
});
const video = (over: Partial<TMediaFacts> = {}): TMediaFacts => ({
  kind: 'video',
  mimeType: 'video/mp4',
  bytes: 5_000_000,
  width: 1080,
  height: 1920,
  durationSec: 20,
  ...over,
});
const item = (facts: TMediaFacts, id = 'a'): TMediaItem => ({
  id,
  file: null,
  previewUrl: `blob:${id}`,
  name: `${id}.jpg`,
  facts,
  uploaded: null,
  edited: false,
});

/** A post ready to go to Instagram: an account, a caption, a square photo. */
const ready = (over: Partial<TComposerState> = {}): TComposerState => ({
  ...emptyComposer(),
  networks: ['instagram'],
  accountIds: ['ig1'],
  caption: 'Hello',
  media: [item(image())],
  ...over,
});

const blockers = (s: TComposerState, submitting = false) => submitCheck(s, ACCOUNTS, { submitting, strictDraft: false }).blockers;

describe('when submit is disabled', () => {
  it('a complete post may be sent', () => {
    expect(blockers(ready())).toEqual([]);
  });
  it('while submitting', () => {
    expect(blockers(ready(), true).length).toBeGreaterThan(0);
  });
  it('without an account', () => {
    expect(blockers(ready({ accountIds: [] }))).toContain(POST_MSG.accountRequired);
  });
  it('an account of a channel switched off does not count', () => {
    expect(blockers(ready({ networks: [] }))).toContain(POST_MSG.accountRequired);
  });
  it('with an empty caption (white space is empty)', () => {
    expect(blockers(ready({ caption: '   \n ' }))).toContain(POST_MSG.captionRequired);
  });
  it('without media', () => {
    expect(blockers(ready({ media: [] }))).toContain(POST_MSG.mediaRequired);
  });
  it('a single TikTok account without a privacy choice', () => {
    const s = ready({ networks: ['tiktok'], accountIds: ['tt1'], media: [item(video())] });
    expect(blockers(s)).toContain(POST_MSG.tiktokPrivacyRequired);
    expect(blockers({ ...s, tiktokPrivacy: { tt1: 'SELF_ONLY' } })).toEqual([]);
  });
  it('several TikTok accounts where any lacks a privacy choice', () => {
    const s = ready({
      networks: ['tiktok'],
      accountIds: ['tt1', 'tt2'],
      media: [item(video())],
      tiktokPrivacy: { tt1: 'SELF_ONLY' },
    });
    expect(blockers(s)).toContain(POST_MSG.tiktokPrivacyRequired);
    expect(blockers({ ...s, tiktokPrivacy: { tt1: 'SELF_ONLY', tt2: 'PUBLIC_TO_EVERYONE' } })).toEqual([]);
  });
  it('schedule on without a date', () => {
    expect(blockers(ready({ scheduleOn: true, date: null }))).toContain('Choose a date and a time');
    expect(blockers(ready({ scheduleOn: true, date: '2030-01-01', time: '' }))).toContain('Choose a date and a time');
  });
  it('a media rule (mediaIssue) blocks: an image over 8 MB in multi-file mode', () => {
    const heavy = image({ bytes: 9 * 1024 * 1024 });
    expect(blockers(ready({ multi: true, media: [item(heavy, 'a'), item(image(), 'b')] }))).toContain(POST_MSG.imagesUnder8);
  });
  it('a photo the server converts for a network does not block: a PNG, or one over 8 MB, for Instagram', () => {
    expect(blockers(ready({ media: [item(image({ mimeType: 'image/png' }))] }))).toEqual([]);
    expect(blockers(ready({ media: [item(image({ bytes: 9 * 1024 * 1024 }))] }))).toEqual([]);
  });
  it('multi-file mode needs at least 2 files', () => {
    expect(blockers(ready({ multi: true }))).toContain(POST_MSG.atLeastTwo);
  });
  it("a network's limit blocks posting but not a draft", () => {
    const s = ready({ caption: 'x'.repeat(2300) });
    const check = submitCheck(s, ACCOUNTS, { submitting: false, strictDraft: false });
    expect(check.blockers.some((b) => b.startsWith('Instagram allows 2200 characters'))).toBe(true);
    expect(check.draftBlockers).toEqual([]);
    expect(submitCheck(s, ACCOUNTS, { submitting: false, strictDraft: true }).draftBlockers.length).toBe(1);
  });
});

describe('preflight per network', () => {
  it('lists what each chosen network would refuse, from postLimitIssues', () => {
    const s = ready({ networks: ['instagram', 'youtube'], accountIds: ['ig1', 'yt1'], title: 'T' });
    const checks = networkChecks(s, ACCOUNTS);
    expect(checks.map((c) => c.network)).toEqual(['instagram', 'youtube']);
    expect(checks[0].limits).toEqual([]);
    expect(checks[1].limits).toContain('YouTube takes videos only');
  });
  it('says what the server will convert for each network (postLimitNotices), apart from what it would refuse', () => {
    const s = ready({
      networks: ['instagram', 'facebook'],
      accountIds: ['ig1', 'fb1'],
      media: [item(image({ mimeType: 'image/webp', bytes: 5 * 1024 * 1024 }))],
    });
    const [ig, fb] = networkChecks(s, ACCOUNTS);
    expect(ig.notices).toEqual(['converted to JPEG for Instagram']);
    expect(fb.notices).toEqual(['converted to JPEG for Facebook', "re-encoded to fit Facebook's 4 MB limit"]);
    expect([...ig.limits, ...fb.limits]).toEqual([]);
    expect(networkChecks(ready({}), ACCOUNTS)[0].notices).toEqual([]);
  });
  it('YouTube needs a title', () => {
    const s = ready({ networks: ['youtube'], accountIds: ['yt1'], media: [item(video({ width: 1920, height: 1080 }))] });
    expect(networkChecks(s, ACCOUNTS)[0].rules).toContain(POST_MSG.titleRequired);
  });
});

describe('stories and reels', () => {
  it('an image offers a story on Instagram only, never a reel', () => {
    expect(formatsOffered('instagram', [image()])).toEqual(['post', 'story']);
    expect(formatsOffered('facebook', [image()])).toEqual(['post']);
  });
  it('a video offers story and reel on Instagram and Facebook; other networks and several files post only', () => {
    expect(formatsOffered('instagram', [video()])).toEqual(['post', 'story', 'reel']);
    expect(formatsOffered('facebook', [video()])).toEqual(['post', 'story', 'reel']);
    expect(formatsOffered('tiktok', [video()])).toEqual(['post']);
    expect(formatsOffered('instagram', [video(), video()])).toEqual(['post']);
  });
  it('storyIssue decides: a 70 s Instagram story is refused', () => {
    const s = ready({ media: [item(video({ durationSec: 70 }))], formats: { instagram: 'story' } });
    expect(networkChecks(s, ACCOUNTS)[0].rules).toContain(POST_MSG.storyDuration('Instagram', 60));
  });
});

describe('the post type', () => {
  it('a video wider than 1920 is a 2kvideo; several images MULTIPLEIMAGESONLY', () => {
    expect(postTypeFor(ready({ media: [item(video({ width: 2560, height: 1440 }))] }), ['facebook'])).toBe('2kvideo');
    expect(postTypeFor(ready({ media: [item(image(), 'a'), item(image(), 'b')] }), ['instagram'])).toBe('MULTIPLEIMAGESONLY');
  });
});

describe('the request', () => {
  const tz = process.env.TZ;
  beforeAll(() => {
    // +05:30 all year: the local choice and UTC differ by a known amount
    process.env.TZ = 'Asia/Kolkata';
  });
  afterAll(() => {
    // an unset TZ is deleted, not set to the string 'undefined' (a zone no runtime knows, which later files would read)
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  it('a local schedule is sent in UTC', () => {
    expect(toUtc('2030-01-10', '12:00')).toEqual({ date: '2030-01-10', time: '06:30' });
    expect(toUtc('2030-01-10', '03:00')).toEqual({ date: '2030-01-09', time: '21:30' });
    expect(fromUtc('2030-01-09', '21:30')).toEqual({ date: '2030-01-10', time: '03:00' });
  });

  it('carries the media, each account with its own TikTok privacy and format, and YouTube fields only with YouTube', () => {
    const s = ready({
      networks: ['instagram', 'tiktok'],
      accountIds: ['ig1', 'tt1'],
      media: [item(video())],
      formats: { instagram: 'reel' },
      tiktokPrivacy: { tt1: 'SELF_ONLY' },
      scheduleOn: true,
      date: '2030-01-10',
      time: '12:00',
      title: 'ignored',
    });
    const uploads = [
      {
        result: '/uploads/v.mp4',
        file_name: 'v.mp4',
        file_size: 1,
        file_type: 'video/mp4',
        width: 1080,
        height: 1920,
        duration: 20,
      },
    ];
    expect(buildRequest(s, ACCOUNTS, { mode: 'schedule', uploads })).toEqual({
      CaptionDescription: 'Hello',
      Title: null,
      CategoryID: null,
      PrivacyStatus: null,
      IsDraft: false,
      IsScheduled: true,
      ScheduledDate: '2030-01-10',
      ScheduledTime: '06:30',
      FEPostType: 'VIDEO',
      MediaDetails: [{ ImageVideoUrl: '/uploads/v.mp4', ImageVideoName: 'v.mp4' }],
      PostDetails: [
        { UserSocialMediaID: 'ig1', SocialMediaID: '1', IsStory: false, IsReel: true },
        { UserSocialMediaID: 'tt1', SocialMediaID: '5', PrivacyStatus: 'SELF_ONLY', IsStory: false, IsReel: false },
      ],
    });
  });

  it('a draft reads back into the composer, its UTC time in the local zone', () => {
    const post = {
      CommonPostID: 'p1',
      MediaDetails: [
        {
          ImageVideoUrl: '/uploads/a.jpg',
          ImageVideoName: 'a.jpg',
          ImageVideoSize: 1000,
          ImageVideoType: 'image/jpeg',
          PostType: 'IMAGE',
          Width: 1080,
          Height: 1080,
          Duration: null,
        },
      ],
      MediaPostedOn: [
        { UserSocialMediaID: 'ig1', SocialMediaID: '1', Format: 'story', PrivacyStatus: null },
        { UserSocialMediaID: 'tt1', SocialMediaID: '5', Format: 'post', PrivacyStatus: 'SELF_ONLY' },
      ],
      MediaSelectedOn: ['1', '5'],
      CaptionDescription: 'Saved',
      Title: null,
      CategoryID: null,
      PrivacyStatus: null,
      IsScheduled: true,
      ScheduledDate: '2030-01-09',
      ScheduledTime: '21:30',
    } as unknown as TPost;
    const s = stateFromDraft(post);
    expect(s).toMatchObject({
      networks: ['instagram', 'tiktok'],
      accountIds: ['ig1', 'tt1'],
      caption: 'Saved',
      formats: { instagram: 'story' },
      tiktokPrivacy: { tt1: 'SELF_ONLY' },
      scheduleOn: true,
      date: '2030-01-10',
      time: '03:00',
    });
    expect(s.media[0].uploaded?.result).toBe('/uploads/a.jpg');
  });
});

describe('who sees which channel', () => {
  it('a manager composes only for networks its role gives Post (Scheduler alone does not post)', () => {
    const user = {
      profileType: 'BUSINESS_MANAGER',
      subscriptionDetails: null,
      businessRoleId: {
        _id: 'r',
        roleName: 'r',
        status: true,
        permission: [
          {
            accountId: '1',
            accountType: 'instagram',
            access: true,
            moduleAccess: { Post: true, Analytics: false, Scheduler: false },
          },
          {
            accountId: '2',
            accountType: 'facebook',
            access: true,
            moduleAccess: { Post: false, Analytics: true, Scheduler: false },
          },
          {
            accountId: '5',
            accountType: 'tiktok',
            access: true,
            moduleAccess: { Post: false, Analytics: false, Scheduler: true },
          },
        ],
      },
    } as unknown as Parameters<typeof roleOf>[0];
    expect(offeredNetworks(ACCOUNTS, roleOf(user))).toEqual(['instagram']);
  });
});

describe('the TikTok privacy labels', () => {
  it('each level has its own name: Everyone, Private (followers), Friends (mutual), Self; the server lists them in that order', () => {
    expect(orderTiktokPrivacy(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'])).toEqual([
      'PUBLIC_TO_EVERYONE',
      'FOLLOWER_OF_CREATOR',
      'MUTUAL_FOLLOW_FRIENDS',
      'SELF_ONLY',
    ]);
    const options = ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
    expect(options.map(tiktokPrivacyLabel)).toEqual([...TIKTOK_PRIVACY_LABELS]);
    // by value, wherever the level stands
    expect(tiktokPrivacyLabel('SELF_ONLY', 0)).toBe('Self');
    expect(tiktokPrivacyLabel('MUTUAL_FOLLOW_FRIENDS', 0)).toBe('Friends');
  });
});

describe('the image editor presets', () => {
  it('there are 40 named filters, Normal first, each named once', () => {
    expect(FILTER_PRESETS).toHaveLength(40);
    expect(FILTER_PRESETS[0].name).toBe('Normal');
    expect(new Set(FILTER_PRESETS.map((p) => p.name)).size).toBe(40);
  });
  it('the sliders start at 100 (no change) and multiply the preset; the text starts at 25', () => {
    expect(combine(FILTER_PRESETS[0], NO_ADJUSTMENTS)).toMatchObject({ brightness: 1, contrast: 1, saturation: 1 });
    const clarendon = FILTER_PRESETS.find((p) => p.name === 'Clarendon')!;
    expect(combine(clarendon, { brightness: 100, contrast: 200, saturation: 0 })).toMatchObject({ contrast: 2.4, saturation: 0 });
    expect(TEXT_SIZE_DEFAULT).toBe(25);
  });
});

describe('the caption in a preview', () => {
  it('is cut where the network folds it, at a word, with its "more"', () => {
    const text = `${'word '.repeat(40)}end`;
    const ig = foldCaption('instagram', text);
    expect(ig.folded).toBe(true);
    expect(Array.from(ig.shown).length).toBeLessThanOrEqual(126);
    expect(ig.shown.endsWith('word…')).toBe(true);
    expect(foldCaption('twitter', 'short').folded).toBe(false);
  });
});
