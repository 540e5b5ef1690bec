import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../test/helpers';

describe('the sandbox gives an account a notification', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds an unseen notification to the account of that e-mail, shown in its unseen count', async () => {
    const { email, token } = await buildUser(t);
    const res = await call(t, 'POST', '/sandbox/notifications', {
      body: { email: email.toUpperCase(), title: 'Your post is live' },
    });
    expect(res.status).toBe(200);
    expect(res.json.response.unseen).toBe(1);
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(status.json.response.result.UnseenNotifsCount).toBe(1);
  });

  it('refuses an unknown e-mail (404) and a missing title (400), adding nothing', async () => {
    const { email, token } = await buildUser(t);
    const unknown = await call(t, 'POST', '/sandbox/notifications', { body: { email: 'nobody@example.com', title: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(MSG.userNotFound);
    const noTitle = await call(t, 'POST', '/sandbox/notifications', { body: { email, title: '  ' } });
    expect(noTitle.status).toBe(400);
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(status.json.response.result.UnseenNotifsCount).toBe(0);
  });
});
