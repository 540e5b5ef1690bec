import { ACTIVITY_PAGE_SIZE, MSG, NOTIFICATION_MSG, zActivityPage } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema';
import { buildTestApp, buildUser, call, setUserFields, type TTestApp } from '../../test/helpers';
import { makeTeam } from '../team/team-test-kit';

/**
 * The notification list's calls: a user reads, marks read and deletes only their own notifications, 10 a page,
 * newest first; a manager and its business owner each see what is addressed to them.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const UNAUTHORIZED = { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' };
const rowsOf = (userId: string) => t.database.db.select().from(activities).where(eq(activities.userId, userId));

/** `n` notifications for the user, a second apart (the first is the oldest); their titles 'Note 1'..'Note n'. */
async function notes(userId: string, n: number) {
  for (let i = 1; i <= n; i++) {
    t.clock.advance(1000);
    await t.services.notifications.notify(userId, { type: 'POST_NOTIFICATION', title: `Note ${i}` });
  }
}
const list = (token: string, query = '') => call(t, 'GET', `/api/activity/getAllActivityById${query}`, { token });

describe('GET and POST /api/activity/getAllActivityById', () => {
  it('lists the caller’s notifications 10 a page, newest first, with the page count and total', async () => {
    const { user, token } = await buildUser(t);
    await notes(user.id, 12);
    const first = await list(token, '?page=1');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: true, message: NOTIFICATION_MSG.listed });
    const page = zActivityPage.parse(first.json.response);
    expect(page).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(page.docs).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(page.docs.map((d) => d.title)).toEqual([
      'Note 12',
      'Note 11',
      'Note 10',
      'Note 9',
      'Note 8',
      'Note 7',
      'Note 6',
      'Note 5',
      'Note 4',
      'Note 3',
    ]);
    expect(page.docs[0]).toMatchObject({
      type: 'POST_NOTIFICATION',
      isRead: false,
      isSeen: false,
      senderId: null,
      payload: null,
    });

    // the second page, asked the ways the clients ask: ?page, ?pageNo, a body {pageNo}
    for (const second of [
      await list(token, '?page=2'),
      await list(token, '?pageNo=2'),
      await call(t, 'POST', '/api/activity/getAllActivityById', { token, body: { pageNo: 2 } }),
    ]) {
      expect(second.status).toBe(200);
      expect(second.json.response).toMatchObject({ page: 2, pages: 2, total: 12 });
      expect(second.json.response.docs.map((d: { title: string }) => d.title)).toEqual(['Note 2', 'Note 1']);
    }
    // without a page: the first; past the last: none, with the counts
    expect((await list(token)).json.response.docs[0].title).toBe('Note 12');
    expect((await list(token, '?page=3')).json.response).toMatchObject({ docs: [], page: 3, pages: 2, total: 12 });
  });

  it('a user with no notifications gets an empty first page', async () => {
    const { token } = await buildUser(t);
    expect((await list(token)).json.response).toEqual({ docs: [], page: 1, pages: 0, total: 0 });
  });

  it('shows who caused a notification (name and picture) and lifts a post result, remarks and status to their places', async () => {
    const sender = await buildUser(t, { name: 'Maya Lind' });
    await setUserFields(t, sender.user.id, { profileImage: 'https://cdn.example.com/maya.png' });
    const { user, token } = await buildUser(t);
    const success = {
      ResponseMediaID: 'r1',
      SocialMediaID: '1',
      SocialMediaName: 'Instagram',
      UserSocialMediaName: 'maya.shop',
      UserSocialMediaID: 'a1',
      CreatedBySourceID: user.id,
      IsScheduled: false,
      PostUrl: 'https://instagram.example/p/1',
    };
    const failure = {
      SocialMediaID: '6',
      SocialMediaName: 'X',
      UserSocialMediaName: 'maya_shop',
      UserSocialMediaID: 'a2',
      CustomUserError: 'X refused the picture',
      InternalError: null,
    };
    await t.services.notifications.notify(user.id, {
      type: 'POST_NOTIFICATION',
      title: 'Post failed on X',
      payload: {
        payloadId: 'post-1',
        postResData: { success: [success], failure: [failure] },
        postMessage: 'Post has been failed',
      },
    });
    t.clock.advance(1000);
    await t.services.notifications.notify(user.id, {
      type: 'DRAFT_SENT_BACK',
      title: 'Your draft was sent back',
      description: 'Add the price',
      senderId: sender.user.id,
      payload: { payloadId: 'post-2', remarks: 'Add the price', status: 'sent_back', somethingElse: 1 },
    });
    const [back, result] = (await list(token)).json.response.docs;
    expect(back).toMatchObject({
      type: 'DRAFT_SENT_BACK',
      senderId: { _id: sender.user.id, name: 'Maya Lind', profileImage: 'https://cdn.example.com/maya.png' },
      payload: { payloadId: 'post-2' },
      remarks: 'Add the price',
      status: 'sent_back',
    });
    expect(back.payload).toEqual({ payloadId: 'post-2' });
    expect(result).toMatchObject({
      payload: { payloadId: 'post-1' },
      postResData: { success: [success], failure: [failure] },
      postMessage: 'Post has been failed',
    });
  });

  it('refuses a page that is not a whole number from 1 with 400, in the query or the body', async () => {
    const { token } = await buildUser(t);
    for (const query of ['?page=0', '?page=-2', '?page=abc', '?page=1.5', '?pageNo=0']) {
      const res = await list(token, query);
      expect(res.status, query).toBe(400);
      expect(res.json).toMatchObject({ status: false, message: NOTIFICATION_MSG.pageInvalid, code: 'VALIDATION_FAILED' });
    }
    const body = await call(t, 'POST', '/api/activity/getAllActivityById', { token, body: { pageNo: 'two' } });
    expect(body.status).toBe(400);
    expect(body.json.message).toBe(NOTIFICATION_MSG.pageInvalid);
  });

  it("never shows another user's notifications; naming another user's id is 403", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    await notes(other.user.id, 2);
    expect((await list(me.token)).json.response.total).toBe(0);
    const peek = await list(me.token, `?userId=${other.user.id}`);
    expect(peek.status).toBe(403);
    expect(peek.json).toMatchObject({ status: false, message: MSG.forbidden, response: null });
    expect((await list(me.token, `?userId=${me.user.id}`)).status).toBe(200);
  });

  it('a business owner sees what is addressed to it (its team’s draft requests), a manager only its own', async () => {
    const { owner, manager, sub } = await makeTeam(t);
    await t.services.notifications.notify(owner.user.id, {
      type: 'DRAFT_REVIEW',
      title: NOTIFICATION_MSG.draftWaiting,
      senderId: sub.id,
      payload: { payloadId: 'draft-1' },
    });
    await t.services.notifications.notify(sub.id, {
      type: 'DRAFT_APPROVED',
      title: NOTIFICATION_MSG.draftApproved,
      senderId: owner.user.id,
    });
    const ownerDocs = (await list(owner.token)).json.response.docs;
    expect(ownerDocs.map((d: { type: string }) => d.type)).toEqual(['DRAFT_REVIEW']);
    expect(ownerDocs[0].senderId._id).toBe(sub.id);
    const managerDocs = (await list(manager.token)).json.response.docs;
    expect(managerDocs.map((d: { type: string }) => d.type)).toEqual(['DRAFT_APPROVED']);
    // neither reads, marks or deletes the other's
    expect(
      (await call(t, 'PUT', '/api/activity/markReadActivity', { token: manager.token, body: { activityId: ownerDocs[0]._id } }))
        .status,
    ).toBe(404);
    expect(
      (await call(t, 'DELETE', `/api/activity/deleteActivity?activityId=${managerDocs[0]._id}`, { token: owner.token })).status,
    ).toBe(404);
    expect((await rowsOf(owner.user.id)).map((r) => r.isRead)).toEqual([false]);
    expect(await rowsOf(sub.id)).toHaveLength(1);
  });

  it('401 without a session', async () => {
    expect(await list('')).toMatchObject({ status: 401, json: UNAUTHORIZED });
    expect(await call(t, 'POST', '/api/activity/getAllActivityById', { body: { pageNo: 1 } })).toMatchObject({
      status: 401,
      json: UNAUTHORIZED,
    });
  });
});

describe('PUT /api/activity/markReadActivity', () => {
  it('marks one notification read and seen, answers it, and lowers the unseen count by one', async () => {
    const { user, token } = await buildUser(t);
    await notes(user.id, 2);
    const [newest] = (await list(token)).json.response.docs;
    const res = await call(t, 'PUT', '/api/activity/markReadActivity', { token, body: { activityId: newest._id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: true,
      message: NOTIFICATION_MSG.markedRead,
      response: { _id: newest._id, title: 'Note 2', isRead: true, isSeen: true },
    });
    expect(await t.services.notifications.unseenCount(user.id)).toBe(1);
    const docs = (await list(token)).json.response.docs;
    expect(docs.map((d: { isRead: boolean }) => d.isRead)).toEqual([true, false]);
    // again: still read, still 200
    expect((await call(t, 'PUT', '/api/activity/markReadActivity', { token, body: { activityId: newest._id } })).status).toBe(
      200,
    );
  });

  it('400 without an activityId, 404 for an id that is not the caller’s; nothing changes', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    await notes(other.user.id, 1);
    const [theirs] = await rowsOf(other.user.id);
    for (const body of [{}, { activityId: '' }, { activityId: 42 }]) {
      const res = await call(t, 'PUT', '/api/activity/markReadActivity', { token: me.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ status: false, message: NOTIFICATION_MSG.idRequired, code: 'VALIDATION_FAILED' });
    }
    const long = await call(t, 'PUT', '/api/activity/markReadActivity', {
      token: me.token,
      body: { activityId: 'x'.repeat(65) },
    });
    expect(long.status).toBe(400);
    for (const activityId of [theirs.id, 'no-such-id']) {
      const res = await call(t, 'PUT', '/api/activity/markReadActivity', { token: me.token, body: { activityId } });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ status: false, message: NOTIFICATION_MSG.notFound, code: 'NOT_FOUND' });
    }
    const [after] = await rowsOf(other.user.id);
    expect(after).toMatchObject({ isRead: false, isSeen: false });
  });

  it('401 without a session', async () => {
    expect(await call(t, 'PUT', '/api/activity/markReadActivity', { body: { activityId: 'x' } })).toMatchObject({
      status: 401,
      json: UNAUTHORIZED,
    });
  });
});

describe('DELETE /api/activity/deleteActivity and /api/activity/deleteAllActivity', () => {
  it('deletes one notification named in the query or in the body', async () => {
    const { user, token } = await buildUser(t);
    await notes(user.id, 3);
    const [a, b] = await rowsOf(user.id);
    const byQuery = await call(t, 'DELETE', `/api/activity/deleteActivity?activityId=${a.id}`, { token });
    expect(byQuery).toMatchObject({
      status: 200,
      json: { status: true, message: NOTIFICATION_MSG.deleted, response: { _id: a.id } },
    });
    const byBody = await call(t, 'DELETE', '/api/activity/deleteActivity', { token, body: { activityId: b.id } });
    expect(byBody.status).toBe(200);
    expect((await rowsOf(user.id)).map((r) => r.id)).not.toContain(a.id);
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await t.services.notifications.unseenCount(user.id)).toBe(1);
    // already gone
    expect((await call(t, 'DELETE', `/api/activity/deleteActivity?activityId=${a.id}`, { token })).status).toBe(404);
  });

  it('400 without an activityId, 404 for another user’s notification, which stays', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    await notes(other.user.id, 1);
    const [theirs] = await rowsOf(other.user.id);
    const none = await call(t, 'DELETE', '/api/activity/deleteActivity', { token: me.token });
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ status: false, message: NOTIFICATION_MSG.idRequired });
    const blank = await call(t, 'DELETE', '/api/activity/deleteActivity?activityId=', { token: me.token });
    expect(blank.status).toBe(400);
    const res = await call(t, 'DELETE', '/api/activity/deleteActivity', { token: me.token, body: { activityId: theirs.id } });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(NOTIFICATION_MSG.notFound);
    expect(await rowsOf(other.user.id)).toHaveLength(1);
  });

  it('Clear All deletes every notification of the caller and no one else’s', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    await notes(me.user.id, 6);
    await notes(other.user.id, 2);
    const res = await call(t, 'DELETE', '/api/activity/deleteAllActivity', { token: me.token });
    expect(res).toMatchObject({
      status: 200,
      json: { status: true, message: NOTIFICATION_MSG.allDeleted, response: { removed: 6 } },
    });
    expect(await rowsOf(me.user.id)).toHaveLength(0);
    expect(await t.services.notifications.unseenCount(me.user.id)).toBe(0);
    expect(await rowsOf(other.user.id)).toHaveLength(2);
    const again = await call(t, 'DELETE', '/api/activity/deleteAllActivity', { token: me.token });
    expect(again.json.response.removed).toBe(0);
  });

  it('401 without a session, and nothing is deleted', async () => {
    const { user } = await buildUser(t);
    await notes(user.id, 1);
    const [row] = await rowsOf(user.id);
    expect(await call(t, 'DELETE', `/api/activity/deleteActivity?activityId=${row.id}`)).toMatchObject({
      status: 401,
      json: UNAUTHORIZED,
    });
    expect(await call(t, 'DELETE', '/api/activity/deleteAllActivity')).toMatchObject({ status: 401, json: UNAUTHORIZED });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});
