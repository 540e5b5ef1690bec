import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  COMPOSER_MSG,
  POST_MSG,
  QUEUE_MSG,
  scheduleIssue,
  type TMediaFacts,
  type TPost,
  type TPostResult,
  type TSocialAccount,
} from '@virality/domain';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '../../../lib/use-current-user';
import { fail, mockFetch, ok, renderPage, seedUser, storeSession, testQueryClient } from '../../../testing';
import type { TMockCall } from '../../../testing/fetch-mock';
import { CreatePostDialog } from './create-post-dialog';

// What the browser reads from a file (jsdom cannot decode media): by file name, a square photo otherwise.
const FACTS = new Map<string, Partial<TMediaFacts>>();
vi.mock('../lib/read-media', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../lib/read-media')>();
  return {
    ...mod,
    readMediaFacts: vi.fn(async (f: File) => ({
      kind: mod.kindOf(mod.mimeOf(f)),
      mimeType: mod.mimeOf(f),
      bytes: f.size,
      width: 1080,
      height: 1080,
      durationSec: null,
      ...FACTS.get(f.name),
    })),
  };
});
// The upload (XMLHttpRequest, tested on its own): answers what the server would read.
vi.mock('../api/upload-media', () => ({
  uploadSingleFile: vi.fn(async (f: File, _userId: string, onProgress: (p: number) => void) => {
    onProgress(1);
    return {
      result: `/uploads/${f.name}`,
      file_size: f.size,
      file_type: f.type,
      file_name: f.name,
      width: 1080,
      height: 1080,
      duration: null,
    };
  }),
  uploadMultipleFiles: vi.fn(),
}));

const sph = (data: unknown, message = 'Success', code = 200) => ({
  status: code,
  body: { response_code: code, response_message: message, response_data: data },
});

const account = (id: string, network: string, name: string): TSocialAccount => ({
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
const ACCOUNTS = [
  account('ig1', '1', 'ana.ig'),
  account('fb1', '2', 'Ana Page'),
  account('tt1', '5', 'ana.tt'),
  account('tt2', '5', 'ana.tt2'),
];

const result = (over: Partial<TPostResult> = {}): TPostResult => ({
  CommonPostID: 'p1',
  success: [],
  failure: [],
  pending: [],
  media_posted_on: [],
  ...over,
});
const sent = (network: string, label: string, name: string) => ({
  ResponseMediaID: 'r',
  SocialMediaID: network,
  SocialMediaName: label,
  UserSocialMediaName: name,
  UserSocialMediaID: 'x',
  CreatedBySourceID: 'Virality',
  IsScheduled: false,
  PostUrl: null,
});

type THandler = (c: TMockCall) => { status?: number; body: unknown } | undefined;

/** Opens the dialog as `user` with the accounts above; `handler` answers the other calls. */
function open(
  user: Partial<TCurrentUser> = {},
  handler: THandler = () => undefined,
  draft: TPost | null = null,
  campaign: { id: string; name: string } | null = null,
) {
  storeSession(user.profileType ?? 'INFLUENCER');
  const calls = mockFetch((c) => {
    if (c.path === '/sph/social_media_accounts/') return sph(ACCOUNTS);
    if (c.path === '/sph/tiktok/user-privacy-options/')
      return sph({ privacy_level_options: ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] });
    return handler(c);
  });
  const queryClient = testQueryClient();
  seedUser(queryClient, user);
  const onClose = vi.fn();
  renderPage('/home', <CreatePostDialog opened draft={draft} campaign={campaign} onClose={onClose} />, { queryClient });
  return { calls, onClose };
}

const ui = () => userEvent.setup({ applyAccept: false });
const photo = (name = 'photo.jpg', type = 'image/jpeg') => new File(['x'.repeat(2048)], name, { type });
const dialog = () => screen.getByRole('dialog', { name: 'Create post' });

async function chooseInstagram(user = ui()) {
  await user.click(await screen.findByRole('button', { name: 'Instagram' }));
  // Instagram has one account: it is chosen with the channel
  expect(screen.getByRole('checkbox', { name: '@ana.ig on Instagram' }).getAttribute('aria-checked')).toBe('true');
}

async function fillPost(user = ui()) {
  await chooseInstagram(user);
  await user.upload(screen.getByLabelText('Upload media'), photo());
  await screen.findByRole('img', { name: 'photo.jpg' });
  await user.type(screen.getByRole('textbox', { name: /Caption/ }), 'Hello world');
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the create-post dialog', { timeout: 30_000 }, () => {
  beforeAll(() => {
    // jsdom has no font loading API (the caption's autosize listens to it) and no object URLs
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener() {}, removeEventListener() {} },
        configurable: true,
      });
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    FACTS.clear();
  });

  it('is a dialog named "Create post"; Post Now stays disabled until an account, a caption and media are there', async () => {
    open();
    const user = ui();
    expect(dialog()).toBeTruthy();
    expect(button('Post Now').disabled).toBe(true);
    await chooseInstagram(user);
    expect(button('Post Now').disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Caption/ }), '   ');
    // leading white space is dropped: the caption is still empty
    expect((screen.getByRole('textbox', { name: /Caption/ }) as HTMLTextAreaElement).value).toBe('');
    await user.type(screen.getByRole('textbox', { name: /Caption/ }), 'Hello');
    expect(button('Post Now').disabled).toBe(true);
    await user.upload(screen.getByLabelText('Upload media'), photo());
    await waitFor(() => expect(button('Post Now').disabled).toBe(false));
    expect(button('Save as Draft').disabled).toBe(false);
    expect(within(screen.getByRole('region', { name: 'Instagram preview' })).getByText('Ready')).toBeTruthy();
  });

  it('a TikTok account needs a privacy choice, shown as Everyone, Private, Friends, Self; each TikTok account its own', async () => {
    open();
    const user = ui();
    FACTS.set('clip.mp4', { kind: 'video', width: 1080, height: 1920, durationSec: 20 });
    await user.click(await screen.findByRole('button', { name: 'TikTok' }));
    await user.click(screen.getByRole('checkbox', { name: '@ana.tt on TikTok' }));
    await user.upload(screen.getByLabelText('Upload media'), new File(['v'], 'clip.mp4', { type: 'video/mp4' }));
    await user.type(screen.getByRole('textbox', { name: /Caption/ }), 'Dance');
    const privacy = await screen.findByRole('combobox', { name: 'Who can see this TikTok post' });
    await waitFor(() => expect((privacy as HTMLInputElement).disabled).toBe(false));
    expect(button('Post Now').disabled).toBe(true);
    await user.click(privacy);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Everyone', 'Private', 'Friends', 'Self']);
    await user.click(screen.getByRole('option', { name: 'Everyone' }));
    await waitFor(() => expect(button('Post Now').disabled).toBe(false));
    // a second TikTok account without a choice disables submit again
    await user.click(screen.getByRole('checkbox', { name: '@ana.tt2 on TikTok' }));
    expect(await screen.findByRole('combobox', { name: 'Who can see this post on @ana.tt2' })).toBeTruthy();
    expect(button('Post Now').disabled).toBe(true);
  });

  it('a business manager only saves a draft for approval (no post-count check), and schedules only with Scheduler access', async () => {
    const { calls } = open(
      {
        profileType: 'BUSINESS_MANAGER',
        businessRoleId: {
          _id: 'r1',
          roleName: 'Editor',
          status: true,
          permission: [
            {
              accountId: '1',
              accountType: 'instagram',
              access: true,
              moduleAccess: { Post: true, Analytics: false, Scheduler: false },
            },
          ],
        },
      },
      (c) =>
        c.path === '/sph/social-media-manager/single-post/'
          ? sph(result({ success: [sent('1', 'Instagram', 'ana.ig')] }), POST_MSG.draftSaved)
          : undefined,
    );
    const user = ui();
    await fillPost(user);
    // only Instagram is open to this role
    expect(screen.queryByRole('button', { name: 'TikTok' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post Now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Schedule for later' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(button('Save Draft for Approval'));
    expect(await screen.findByText(POST_MSG.draftSaved)).toBeTruthy();
    expect(calls.some((c) => c.path === 'subscription/postCountTrack')).toBe(false);
    expect(calls.find((c) => c.path === '/sph/social-media-manager/single-post/')?.body).toMatchObject({ IsDraft: true });
  });

  it('a FreeTier influencer at the post limit sees the notice at the top and no draft or schedule; posting is refused with "Post limit exceeded: you have used all your posts."', async () => {
    const { calls, onClose } = open(
      {
        subscriptionDetails: {
          planType: 'FreeTier',
          planStatus: 'ACTIVE',
          subscriptionVerify: true,
          postLimit: 5,
          postCount: 5,
          planStartDate: null,
          planEndDate: null,
          bufferEndDate: null,
        },
      },
      (c) => (c.path === 'subscription/postCountTrack' ? fail(429, POST_MSG.limitExceeded) : undefined),
    );
    const notice = await screen.findByText(POST_MSG.limitReached);
    expect(screen.getByRole('link', { name: COMPOSER_MSG.switchToBusiness }).getAttribute('href')).toBe('/profile/pricing');
    // the notice comes before the first section, not inside the media section
    const postTo = screen.getByRole('heading', { name: 'Post to' });
    expect(notice.compareDocumentPosition(postTo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Schedule for later' })).toBeNull();
    const user = ui();
    await fillPost(user);
    await user.click(button('Post Now'));
    expect(await screen.findByText(POST_MSG.freeTierExceeded)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls.some((c) => c.path.includes('single-post'))).toBe(false);
  });

  it('a FreeTier influencer whose post the server refuses for the limit is told "Post limit exceeded: you have used all your posts."', async () => {
    const { onClose } = open(
      {
        subscriptionDetails: {
          planType: 'FreeTier',
          planStatus: 'ACTIVE',
          subscriptionVerify: true,
          postLimit: 5,
          postCount: 4,
          planStartDate: null,
          planEndDate: null,
          bufferEndDate: null,
        },
      },
      (c) =>
        c.path === 'subscription/postCountTrack'
          ? ok({ postCount: 4, postLimit: 5, remaining: 1 })
          : c.path === '/sph/social-media-manager/single-post/'
            ? { status: 429, body: { response_code: 429, response_message: POST_MSG.limitExceeded, response_data: null } }
            : undefined,
    );
    const user = ui();
    await fillPost(user);
    await user.click(button('Post Now'));
    expect(await screen.findByText(POST_MSG.freeTierExceeded)).toBeTruthy();
    expect(screen.getByRole('link', { name: COMPOSER_MSG.switchToBusiness }).getAttribute('href')).toBe('/profile/pricing');
    expect(onClose).toHaveBeenCalled();
  });

  it('a schedule is checked with scheduleIssue as soon as it is chosen, and Schedule Post needs a date', async () => {
    open();
    const user = ui();
    await fillPost(user);
    await user.click(screen.getByRole('switch', { name: 'Schedule for later' }));
    expect(button('Schedule Post').disabled).toBe(true);
    expect((screen.getByLabelText(/^Time/) as HTMLInputElement).value).toBe('12:00');
    const today = dayjs().format('YYYY-MM-DD');
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await user.click(screen.getByRole('button', { name: dayjs().format('D MMMM YYYY') }));
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '00:00' } });
    const expected = scheduleIssue({
      date: today,
      time: '00:00',
      now: new Date(),
      offsetMinutes: -new Date().getTimezoneOffset(),
      planEnd: null,
    });
    if (expected) expect((await screen.findAllByText(expected)).length).toBeGreaterThan(0);
    // with a date and a time Schedule Post may be pressed; submit checks the moment again
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '23:59' } });
    await waitFor(() => expect(button('Schedule Post').disabled).toBe(false));
  });

  it("a video wider than 1920 is a 2kvideo: choosing Instagram tells that Instagram doesn't take it", async () => {
    open();
    const user = ui();
    FACTS.set('wide.mp4', { kind: 'video', width: 2560, height: 1440, durationSec: 30 });
    await user.click(await screen.findByRole('button', { name: 'Facebook' }));
    await user.upload(screen.getByLabelText('Upload media'), new File(['v'], 'wide.mp4', { type: 'video/mp4' }));
    await screen.findByLabelText('wide.mp4');
    expect(screen.queryByText(POST_MSG.instagramResolution)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Instagram' }));
    expect((await screen.findAllByText(POST_MSG.instagramResolution)).length).toBeGreaterThan(0);
  });

  it('a media rule is said as the domain says it: a TIFF is not supported; two files dropped in single mode are refused', async () => {
    open();
    const user = ui();
    await chooseInstagram(user);
    await user.upload(screen.getByLabelText('Upload media'), photo('scan.tiff', 'image/tiff'));
    expect(await screen.findByText(POST_MSG.fileNotSupported)).toBeTruthy();
    const zone = screen.getByLabelText('Upload media').closest('.mantine-Dropzone-root')!;
    const files = [photo('a.jpg'), photo('b.jpg')];
    const dataTransfer = {
      files,
      items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
      types: ['Files'],
    };
    fireEvent.dragEnter(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(await screen.findByText(POST_MSG.singleDrop)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'a.jpg' })).toBeNull();
  });

  it('a PNG for Instagram is "converted to JPEG for Instagram": said beside Instagram, not an issue, and it posts', async () => {
    const { calls, onClose } = open({}, (c) => {
      if (c.path === 'subscription/postCountTrack') return ok({ postCount: 1, postLimit: 20, remaining: 19 });
      if (c.path === '/sph/social-media-manager/single-post/')
        return sph(result({ success: [sent('1', 'Instagram', 'ana.ig')] }), POST_MSG.sent);
      return undefined;
    });
    const user = ui();
    await chooseInstagram(user);
    await user.upload(screen.getByLabelText('Upload media'), photo('shot.png', 'image/png'));
    await screen.findByRole('img', { name: 'shot.png' });
    await user.type(screen.getByRole('textbox', { name: /Caption/ }), 'Hello world');
    const preview = screen.getByRole('region', { name: 'Instagram preview' });
    const notes = within(preview).getByRole('list', { name: 'What Virality changes for Instagram' });
    expect(within(notes).getByText('converted to JPEG for Instagram')).toBeTruthy();
    expect(within(preview).getByText('Ready')).toBeTruthy();
    expect(within(preview).queryByRole('list', { name: 'What Instagram would refuse' })).toBeNull();
    await waitFor(() => expect(button('Post Now').disabled).toBe(false));
    await user.click(button('Post Now'));
    expect(await screen.findByText(POST_MSG.sent)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/sph/social-media-manager/single-post/')?.body).toMatchObject({
      MediaDetails: [{ ImageVideoUrl: '/uploads/shot.png', ImageVideoName: 'shot.png' }],
    });
  });

  it('a 9 MB photo for Instagram is "re-encoded to fit Instagram\'s 8 MB limit", and Post Now stays open', async () => {
    open();
    const user = ui();
    await chooseInstagram(user);
    FACTS.set('big.jpg', { bytes: 9 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Upload media'), new File(['x'], 'big.jpg', { type: 'image/jpeg' }));
    await screen.findByRole('img', { name: 'big.jpg' });
    await user.type(screen.getByRole('textbox', { name: /Caption/ }), 'Hello world');
    const preview = screen.getByRole('region', { name: 'Instagram preview' });
    expect(within(preview).getByText("re-encoded to fit Instagram's 8 MB limit")).toBeTruthy();
    expect(screen.queryByText(POST_MSG.imagesUnder8)).toBeNull();
    await waitFor(() => expect(button('Post Now').disabled).toBe(false));
  });

  it('what a conversion cannot fix still blocks: a PNG too narrow for Instagram', async () => {
    open();
    const user = ui();
    await chooseInstagram(user);
    FACTS.set('small.png', { width: 200, height: 200 });
    await user.upload(screen.getByLabelText('Upload media'), photo('small.png', 'image/png'));
    await screen.findByRole('img', { name: 'small.png' });
    await user.type(screen.getByRole('textbox', { name: /Caption/ }), 'Hello world');
    const preview = screen.getByRole('region', { name: 'Instagram preview' });
    expect(within(preview).getByText('Instagram needs photos at least 320 px wide')).toBeTruthy();
    expect(within(preview).getByText('converted to JPEG for Instagram')).toBeTruthy();
    expect(button('Post Now').disabled).toBe(true);
  });

  it('a 429 from the post-count check says "Limit Exceeded" with "Upgrade Your Plan" to continue, and closes', async () => {
    const { calls, onClose } = open({}, (c) =>
      c.path === 'subscription/postCountTrack' ? fail(429, POST_MSG.limitExceeded) : undefined,
    );
    const user = ui();
    await fillPost(user);
    await user.click(button('Post Now'));
    expect(await screen.findByText(POST_MSG.limitExceeded)).toBeTruthy();
    expect(screen.getByRole('link', { name: COMPOSER_MSG.upgradePlan }).getAttribute('href')).toBe('/profile/pricing');
    expect(screen.getByText(COMPOSER_MSG.toContinue, { exact: false })).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls.some((c) => c.path.includes('single-post'))).toBe(false);
  });

  it('any other failure of the check says "Facing some issue right now try after some time"', async () => {
    const { onClose } = open({}, (c) => (c.path === 'subscription/postCountTrack' ? fail(500, 'boom') : undefined));
    const user = ui();
    await fillPost(user);
    await user.click(button('Post Now'));
    expect(await screen.findByText(POST_MSG.limitCheckFailed)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Post Now checks the count, uploads, sends the post, says "Your post has been sent!" and closes', async () => {
    const { calls, onClose } = open({}, (c) => {
      if (c.path === 'subscription/postCountTrack') return ok({ postCount: 1, postLimit: 20, remaining: 19 });
      if (c.path === '/sph/social-media-manager/single-post/')
        return sph(result({ success: [sent('1', 'Instagram', 'ana.ig')] }), POST_MSG.sent);
      return undefined;
    });
    const user = ui();
    await fillPost(user);
    await user.click(button('Post Now'));
    expect(await screen.findByText(POST_MSG.sent)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/sph/social-media-manager/single-post/')?.body).toMatchObject({
      CaptionDescription: 'Hello world',
      IsDraft: false,
      IsScheduled: false,
      FEPostType: 'IMAGE',
      MediaDetails: [{ ImageVideoUrl: '/uploads/photo.jpg', ImageVideoName: 'photo.jpg' }],
      PostDetails: [{ UserSocialMediaID: 'ig1', IsStory: false, IsReel: false }],
    });
  });

  it('a failure on one network lists "Post failed on {network}" with its reason while the others show as sent', async () => {
    const { onClose } = open({}, (c) => {
      if (c.path === 'subscription/postCountTrack') return ok({ postCount: 1, postLimit: 20, remaining: 19 });
      if (c.path === '/sph/social-media-manager/single-post/')
        return sph(
          result({
            success: [sent('1', 'Instagram', 'ana.ig')],
            failure: [
              {
                SocialMediaID: '2',
                SocialMediaName: 'Facebook',
                UserSocialMediaName: 'Ana Page',
                UserSocialMediaID: 'fb1',
                CustomUserError: 'Facebook refused the photo',
                InternalError: null,
              },
            ],
          }),
        );
      return undefined;
    });
    const user = ui();
    await fillPost(user);
    await user.click(screen.getByRole('button', { name: 'Facebook' }));
    await user.click(button('Post Now'));
    const list = await screen.findByRole('list', { name: 'Post results' });
    expect(within(list).getByText(POST_MSG.failedOn('Facebook'))).toBeTruthy();
    expect(within(list).getByText('Facebook refused the photo')).toBeTruthy();
    expect(within(list).getByText('ana.ig')).toBeTruthy();
    expect(screen.getAllByText(POST_MSG.sent).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(button('Done'));
    expect(onClose).toHaveBeenCalled();
  });

  it('Add to queue says when the post goes on each account, before (its first free slot) and after (its time), and sends AddToQueue', async () => {
    const queueView = {
      accountId: 'ig1',
      timeZone: 'UTC',
      paused: false,
      items: [
        {
          at: '2027-05-11T09:00:00.000Z',
          kind: 'queued',
          post: { id: 'p0', caption: 'Before', thumbnail: null, state: 'scheduled', alsoOn: 0 },
        },
        { at: '2027-05-11T15:00:00.000Z', kind: 'empty', post: null },
      ],
    };
    const { calls, onClose } = open({}, (c) => {
      if (c.path === 'queue/ig1') return ok(queueView);
      if (c.path === 'subscription/postCountTrack') return ok({ postCount: 1, postLimit: 20, remaining: 19 });
      if (c.path === '/sph/social-media-manager/single-post/')
        return sph(
          result({
            success: [{ ...sent('1', 'Instagram', 'ana.ig'), UserSocialMediaID: 'ig1', IsScheduled: true }],
            media_posted_on: [
              { UserSocialMediaID: 'ig1', DueAt: '2027-05-11T15:00:00.000Z' } as TPostResult['media_posted_on'][number],
            ],
          }),
          QUEUE_MSG.added,
        );
      return undefined;
    });
    const user = ui();
    await fillPost(user);
    await user.click(screen.getByRole('switch', { name: 'Add to queue' }));
    const times = await screen.findByRole('list', { name: 'Queue times' });
    await waitFor(() => expect(within(times).getByTestId('queue-time').textContent).toMatch(/^Tue 11 May, 15:00/));
    // Schedule and Add to queue are one or the other
    expect((screen.getByRole('switch', { name: 'Schedule for later' }) as HTMLInputElement).checked).toBe(false);
    await user.click(button('Add to queue'));
    const list = await screen.findByRole('list', { name: 'Post results' });
    expect(within(list).getByText(/^Goes out Tue 11 May, 15:00/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: QUEUE_MSG.added })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    const body = calls.find((c) => c.path === '/sph/social-media-manager/single-post/')?.body;
    expect(body).toMatchObject({ AddToQueue: true, IsScheduled: false, ScheduledDate: null, IsDraft: false });
  });

  it('a queue without slots, or paused, keeps Add to queue from being pressed, saying why in the app’s words', async () => {
    const views: Record<string, unknown> = {
      'queue/ig1': { accountId: 'ig1', timeZone: null, paused: false, items: [] },
      'queue/fb1': {
        accountId: 'fb1',
        timeZone: 'UTC',
        paused: true,
        items: [{ at: '2027-05-11T15:00:00.000Z', kind: 'empty', post: null }],
      },
    };
    const { calls } = open({}, (c) => (views[c.path] ? ok(views[c.path]) : undefined));
    const user = ui();
    await fillPost(user);
    await user.click(screen.getByRole('button', { name: 'Facebook' }));
    await user.click(screen.getByRole('switch', { name: 'Add to queue' }));
    const times = await screen.findByRole('list', { name: 'Queue times' });
    expect(await within(times).findByText(QUEUE_MSG.noSlots)).toBeTruthy();
    expect(await within(times).findByText(QUEUE_MSG.paused)).toBeTruthy();
    expect(button('Add to queue').disabled).toBe(true);
    expect(within(dialog()).getByText(`@ana.ig: ${QUEUE_MSG.noSlots}`)).toBeTruthy();
    expect(calls.some((c) => c.path === '/sph/social-media-manager/single-post/')).toBe(false);
  });

  it('shows the chosen account’s best times beside the date, once the server gives them', async () => {
    open({}, (c) =>
      c.path === 'queue/ig1/best-times'
        ? ok({
            accountId: 'ig1',
            network: 'instagram',
            basis: 'general',
            postsRead: 0,
            postsNeeded: 10,
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            times: [
              { day: 2, time: '11:00', score: null, basis: 'general' },
              { day: 4, time: '10:00', score: null, basis: 'general' },
            ],
          })
        : undefined,
    );
    const user = ui();
    await fillPost(user);
    await user.click(screen.getByRole('switch', { name: 'Schedule for later' }));
    expect(await screen.findByText('Best times: Tue 11:00, Thu 10:00')).toBeTruthy();
  });

  it('closing with unsaved changes asks first', async () => {
    const { onClose } = open();
    const user = ui();
    await user.type(await screen.findByRole('textbox', { name: /Caption/ }), 'Draft text');
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(COMPOSER_MSG.closeConfirm)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a draft opens as "Update Draft"; "Save changes" sends it to update-draft with its CommonPostID', async () => {
    const draft = {
      CommonPostID: 'd1',
      MediaDetails: [
        {
          ImageVideoUrl: '/uploads/old.jpg',
          ImageVideoName: 'old.jpg',
          ImageVideoSize: 1000,
          ImageVideoType: 'image/jpeg',
          PostType: 'IMAGE',
          Width: 1080,
          Height: 1080,
          Duration: null,
        },
      ],
      MediaPostedOn: [{ UserSocialMediaID: 'ig1', SocialMediaID: '1', Format: 'post', PrivacyStatus: null }],
      MediaSelectedOn: ['1'],
      CaptionDescription: 'Old caption',
      Title: null,
      CategoryID: null,
      PrivacyStatus: null,
      IsScheduled: false,
      ScheduledDate: null,
      ScheduledTime: null,
    } as unknown as TPost;
    const { calls } = open(
      {},
      (c) =>
        c.path === '/sph/drafts/update-draft/'
          ? sph(result({ success: [sent('1', 'Instagram', 'ana.ig')] }), POST_MSG.draftUpdated)
          : undefined,
      draft,
    );
    const user = ui();
    expect(await screen.findByRole('heading', { name: COMPOSER_MSG.editTitle })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: COMPOSER_MSG.editTitle })).toBeTruthy();
    await waitFor(() => expect(button('Save changes').disabled).toBe(false));
    expect(screen.queryByRole('button', { name: 'Post Now' })).toBeNull();
    await user.click(button('Save changes'));
    expect(await screen.findByText(POST_MSG.draftUpdated)).toBeTruthy();
    expect(calls.find((c) => c.path === '/sph/drafts/update-draft/')?.body).toMatchObject({
      CommonPostID: 'd1',
      CaptionDescription: 'Old caption',
      IsDraft: true,
      MediaDetails: [{ ImageVideoUrl: '/uploads/old.jpg' }],
    });
    expect(calls.some((c) => c.path === 'subscription/postCountTrack')).toBe(false);
  });
});

describe('the composer’s Campaign field', { timeout: 30_000 }, () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener() {}, removeEventListener() {} },
        configurable: true,
      });
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const running = (id: string, name: string) => ({
    _id: id,
    name,
    brief: '',
    budget: 100,
    spent: 0,
    left: 100,
    currency: 'USD',
    startDate: '2026-01-01',
    endDate: '2099-12-31',
    owner: { _id: 'b1', name: 'Acme', userName: 'acme', profileImage: null },
    myRole: 'accepted',
    influencerCount: 1,
    acceptedCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const active = (c: TMockCall) =>
    c.path === 'campaigns/active'
      ? ok({ docs: [running('c1', 'Winter launch'), running('c2', 'Spring drop')], page: 1, pages: 1, total: 2 })
      : undefined;
  const posting = (c: TMockCall) => {
    if (c.path === 'subscription/postCountTrack') return ok({ postCount: 1, postLimit: 20, remaining: 19 });
    if (c.path === '/sph/social-media-manager/single-post/')
      return sph(result({ success: [sent('1', 'Instagram', 'ana.ig')] }), POST_MSG.sent);
    return active(c);
  };
  const sentPost = (calls: TMockCall[]) =>
    calls.find((c) => c.path === '/sph/social-media-manager/single-post/')?.body as Record<string, unknown> | undefined;

  it('lets an influencer make a post for a running campaign they accepted (None by default), naming it as CampaignSourceID', async () => {
    const { calls } = open({}, posting);
    const user = ui();
    const field = await screen.findByLabelText(/^Campaign/, { selector: 'input' });
    expect((field as HTMLInputElement).value).toBe('None');
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: 'Spring drop' }));
    await fillPost(user);
    await user.click(button('Post Now'));
    expect(await screen.findByText(POST_MSG.sent)).toBeTruthy();
    expect(sentPost(calls)?.CampaignSourceID).toBe('c2');
  });

  it('sends no campaign when None is left chosen', async () => {
    const { calls } = open({}, posting);
    const user = ui();
    await screen.findByLabelText(/^Campaign/, { selector: 'input' });
    await fillPost(user);
    await user.click(button('Post Now'));
    expect(await screen.findByText(POST_MSG.sent)).toBeTruthy();
    expect(sentPost(calls)).not.toHaveProperty('CampaignSourceID');
  });

  it('opened from a campaign’s page, has that campaign chosen', async () => {
    open({}, active, null, { id: 'c1', name: 'Winter launch' });
    const field = await screen.findByLabelText(/^Campaign/, { selector: 'input' });
    expect((field as HTMLInputElement).value).toBe('Winter launch');
  });

  it('is not there for a brand, which asks for no campaigns', async () => {
    const { calls } = open({ profileType: 'BRANDS', paymentStatus: true }, active);
    await screen.findByRole('button', { name: 'Instagram' });
    expect(screen.queryByLabelText(/^Campaign/, { selector: 'input' })).toBeNull();
    expect(calls.some((c) => c.path === 'campaigns/active')).toBe(false);
  });
});
