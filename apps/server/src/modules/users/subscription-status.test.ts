import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, freshToken, givePlan, PASSWORD, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

/** The user record as getUserStatus and a login answer it. */
async function userRecords(token: string, email: string) {
  const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
  expect(status.status).toBe(200);
  const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return [status.json.response.result, login.json.response.userData];
}

describe('the user record names subscriptionStatus (ACTIVE or EXPIRED) as clients read it', () => {
  it('ACTIVE while the plan runs, EXPIRED once its end date has passed; the same in getUserStatus and login', async () => {
    const { user, email, token } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id, 'Starter');
    for (const record of await userRecords(token, email)) {
      expect(record.subscriptionStatus).toBe('ACTIVE');
      expect(record.subscriptionDetails.planStatus).toBe('ACTIVE');
    }
    t.clock.advance(40 * DAY);
    try {
      for (const record of await userRecords(await freshToken(t, user), email)) {
        expect(record.subscriptionStatus).toBe('EXPIRED');
        expect(record.subscriptionDetails.planStatus).toBe('EXPIRED');
      }
    } finally {
      t.clock.advance(-40 * DAY);
    }
  });

  it('an influencer on the free tier is ACTIVE; an account that never had a plan has none (null)', async () => {
    const influencer = await buildUser(t, { profileType: 'INFLUENCER' });
    const [record] = await userRecords(influencer.token, influencer.email);
    if (record.subscriptionDetails) expect(record.subscriptionStatus).toBe('ACTIVE');
    else expect(record.subscriptionStatus).toBeNull();
    const brand = await buildUser(t, { profileType: 'BRANDS' });
    for (const r of await userRecords(brand.token, brand.email)) {
      expect(r.subscriptionDetails).toBeNull();
      expect(r).toHaveProperty('subscriptionStatus', null);
    }
  });

  it('the OpenAPI document declares it on the user record', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const ok = doc.paths['/api/user/getUserStatus'].get.responses['200'].content['application/json'].schema;
    const result = ok.properties.response.properties.result;
    expect(result.properties.subscriptionStatus).toBeDefined();
    expect(JSON.stringify(result.properties.subscriptionStatus)).toContain('EXPIRED');
  });
});
