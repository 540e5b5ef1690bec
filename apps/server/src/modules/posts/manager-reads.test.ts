import { POST_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { makeTeam, perms } from '../team/team-test-kit';
import { linkAll, postBody, scheduleIn, uploadPhoto } from './posts-test-kit';

/**
 * A business manager reads by id only its own drafts and the posts of the networks its role opens: another's
 * draft, or a post only on networks its role keeps closed, is 'Post not found', as a post that does not exist.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const details = (token: string, id: string) => call(t, 'GET', `/sph/drafts/get-draft-details/${id}/`, { token });
const inform = (token: string, id: string) => call(t, 'POST', '/api/activity/postInfom', { token, body: { CommonPostID: id } });

describe('a business manager reading posts by id', () => {
  it('reads its own drafts and the posts of networks its role opens, and nothing else', async () => {
    // the manager's role opens X (Post and Scheduler) and nothing else
    const team = await makeTeam(t, 'Reads Co', perms({ '6': { Post: true, Scheduler: true } }));
    const owner = team.owner.token;
    const ids = await linkAll(t, owner, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, owner);
    const make = async (token: string, caption: string, accounts: string[], more: Record<string, unknown>) => {
      const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody(
          caption,
          [photo],
          accounts.map((id) => ({ UserSocialMediaID: id })),
          more,
        ),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.response_data.CommonPostID as string;
    };
    const later = { IsScheduled: true, ...scheduleIn(t, 60 * 60_000) };
    const onX = await make(owner, 'On X', [ids.twitter], later);
    const onBoth = await make(owner, 'On both', [ids.twitter, ids.instagram], later);
    const onInstagram = await make(owner, 'Instagram only', [ids.instagram], later);
    const ownersDraft = await make(owner, 'The owner’s draft', [ids.twitter], { IsDraft: true });
    const managersDraft = await make(team.manager.token, 'The manager’s draft', [ids.twitter], {});

    for (const id of [onX, onBoth, managersDraft]) {
      const res = await details(team.manager.token, id);
      expect(res.status, id).toBe(200);
      expect(res.json.response_data.CommonPostID).toBe(id);
    }
    for (const id of [onInstagram, ownersDraft]) {
      const res = await details(team.manager.token, id);
      expect(res.status).toBe(404);
      expect(res.json.response_message).toBe(POST_MSG.postNotFound);
      expect((await inform(team.manager.token, id)).status).toBe(404);
    }
    expect((await inform(team.manager.token, onX)).status).toBe(200);
    // the owner reads everything of the business, the manager's draft included
    for (const id of [onX, onInstagram, ownersDraft, managersDraft]) expect((await details(owner, id)).status).toBe(200);
  });
});
