import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_MSG, REVIEW_MSG, type TPostResult, type TSocialAccount } from '@virality/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderPage, seedUser, storeSession, testQueryClient } from '../../../testing';
import type { TMockCall } from '../../../testing/fetch-mock';
import { CreatePostDialog } from './create-post-dialog';
import { isHeldForApproval } from './use-submit-post';

// jsdom cannot decode media: every file reads as a square photo
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
    })),
  };
});
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

const sph = (data: unknown, message: string) => ({
  status: 200,
  body: { response_code: 200, response_message: message, response_data: data },
});

const ACCOUNT: TSocialAccount = {
  id: 'ig1',
  UserName: 'ana.ig',
  ProfilePictureURL: null,
  SocialMediaID: '1',
  SocialMediaName: '',
  Kind: 'profile',
  Status: 'linked',
  StatusReason: null,
  CreatedDate: '2024-01-01T00:00:00.000Z',
};

/** The result of a post on the Instagram account, its target in `status`. */
const resultIn = (status: 'draft' | 'published' | 'scheduled'): TPostResult => ({
  CommonPostID: 'p1',
  success: [
    {
      ResponseMediaID: null,
      SocialMediaID: '1',
      SocialMediaName: 'Instagram',
      UserSocialMediaName: 'ana.ig',
      UserSocialMediaID: 'ig1',
      CreatedBySourceID: 'Virality',
      IsScheduled: false,
      PostUrl: null,
    },
  ],
  failure: [],
  pending: [],
  media_posted_on: [
    {
      UserSocialMediaID: 'ig1',
      SocialMediaID: '1',
      SocialMediaName: 'Instagram',
      UserName: 'ana.ig',
      ProfilePictureURL: null,
      Format: 'post',
      PrivacyStatus: null,
      Status: status,
      ResponseMediaID: null,
      PostUrl: null,
      Error: null,
      PostedAt: null,
      DueAt: null,
    },
  ],
});

const campaign = {
  _id: 'c1',
  name: 'Winter launch',
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
  endedAt: null,
  ownerMuted: false,
  approvalRequired: true,
};

/** The composer opened from the campaign's page; the post call answers `answer`. */
function open(answer: { message: string; result: TPostResult }) {
  storeSession('INFLUENCER');
  const calls = mockFetch((c: TMockCall) => {
    if (c.path === '/sph/social_media_accounts/') return sph([ACCOUNT], 'ok');
    if (c.path === 'campaigns/active') return ok({ docs: [campaign], page: 1, pages: 1, total: 1 });
    if (c.path === 'subscription/postCountTrack') return ok({ postCount: 1, postLimit: 20, remaining: 19 });
    if (c.path === '/sph/social-media-manager/single-post/') return sph(answer.result, answer.message);
    return undefined;
  });
  const queryClient = testQueryClient();
  seedUser(queryClient, {});
  const onClose = vi.fn();
  renderPage('/home', <CreatePostDialog opened draft={null} campaign={{ id: 'c1', name: 'Winter launch' }} onClose={onClose} />, {
    queryClient,
  });
  return { calls, onClose };
}

async function postNow() {
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: 'Instagram' }));
  await user.upload(screen.getByLabelText('Upload media'), new File(['x'.repeat(2048)], 'photo.jpg', { type: 'image/jpeg' }));
  await screen.findByRole('img', { name: 'photo.jpg' });
  await user.type(screen.getByRole('textbox', { name: /Caption/ }), 'For the brand');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
}

describe('a post held for the campaign owner’s approval', { timeout: 30_000 }, () => {
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

  it('is told in the server’s words ("Sent to Acme for approval"), never "Your post has been sent!", and closes', async () => {
    const { calls, onClose } = open({ message: REVIEW_MSG.sentForApproval('Acme'), result: resultIn('draft') });
    await postNow();
    expect(await screen.findByText('Sent to Acme for approval')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText(POST_MSG.sent)).toBeNull();
    expect(calls.find((c) => c.path === '/sph/social-media-manager/single-post/')?.body).toMatchObject({
      CampaignSourceID: 'c1',
      IsDraft: false,
    });
  });

  it('a post that went out says "Your post has been sent!" as before', async () => {
    const { onClose } = open({ message: POST_MSG.sent, result: resultIn('published') });
    await postNow();
    expect(await screen.findByText(POST_MSG.sent)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('is read from every account kept as a draft while the request was not a draft', () => {
    expect(isHeldForApproval(resultIn('draft'), 'now')).toBe(true);
    expect(isHeldForApproval(resultIn('draft'), 'schedule')).toBe(true);
    expect(isHeldForApproval(resultIn('draft'), 'queue')).toBe(true);
    // a draft saved is a draft, and a post on its way is not held
    expect(isHeldForApproval(resultIn('draft'), 'draft')).toBe(false);
    expect(isHeldForApproval(resultIn('scheduled'), 'schedule')).toBe(false);
    expect(isHeldForApproval({ ...resultIn('draft'), media_posted_on: [] }, 'now')).toBe(false);
  });
});
