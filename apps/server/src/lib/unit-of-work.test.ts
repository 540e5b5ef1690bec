import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { interests } from '../db/schema';
import { defineJob } from '../jobs/registry';
import type { TModule } from '../module-types';
import { MODULES } from '../modules';
import { addSubUser, invitationToken, MANAGER_PASSWORD, makeOwner, makeRole, makeTeam } from '../modules/team/team-test-kit';
import { buildTestApp, buildUser, call, PASSWORD, type TTestApp } from '../test/helpers';

// On the embedded database, or (TEST_DB=postgres) in schemas of its own on PostgreSQL, like every test file.
const QUEUE = 'test-unit-of-work';
const handled: object[] = [];
const testModule: TModule = {
  name: 'test-unit-of-work',
  jobs: () => [
    defineJob<{ id: string }>({
      queue: QUEUE,
      async handle(data) {
        handled.push(data);
      },
    }),
  ],
};

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { modules: [...MODULES, testModule] });
}, 60_000);
afterAll(async () => t?.close());

const NEW_PASSWORD = 'N3w!Secret';
const statusOf = (token: string) => call(t, 'GET', '/api/user/getUserStatus', { token });

describe('a state change spanning several modules commits or fails as one', () => {
  it('a password reset that fails half-way keeps its ticket and changes nothing', async () => {
    const { email, token } = await buildUser(t);
    await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    const v = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: t.messenger.lastOtp(email) } });
    const resetToken = v.json.response.resetToken as string;
    const body = { emailPhone: email, newPassword: NEW_PASSWORD, resetToken };

    const spy = vi.spyOn(t.services.users, 'setPasswordHash').mockRejectedValueOnce(new Error('disk full'));
    const failed = await call(t, 'PUT', '/api/user/resetPassword', { body });
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect((await statusOf(token)).status).toBe(200);

    const retried = await call(t, 'PUT', '/api/user/resetPassword', { body });
    expect(retried.status).toBe(200);
    expect((await statusOf(token)).status).toBe(401);
  });

  it('an invitation whose password could not be set is still good', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const sub = await addSubUser(t, owner.token, role._id);
    const body = { token: invitationToken(t, sub.form.email), newPassword: MANAGER_PASSWORD, confirmPassword: MANAGER_PASSWORD };

    const spy = vi.spyOn(t.services.users, 'acceptInvitation').mockRejectedValueOnce(new Error('disk full'));
    expect((await call(t, 'POST', '/api/bussiness/acceptInvitation', { body })).status).toBe(500);
    spy.mockRestore();

    expect((await call(t, 'POST', '/api/bussiness/acceptInvitation', { body })).status).toBe(200);
    const login = await call(t, 'POST', '/api/user/userLogin', {
      body: { emailPhone: sub.form.email, password: MANAGER_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('a business deletion that fails half-way leaves the owner and the team as they were', async () => {
    const { owner, manager } = await makeTeam(t);
    const spy = vi.spyOn(t.services.team, 'closeTeamOf').mockRejectedValueOnce(new Error('disk full'));
    const failed = await call(t, 'POST', '/api/user/deleteUserDetails', { token: owner.token, body: { remarks: 'Closing' } });
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect((await statusOf(owner.token)).status).toBe(200);
    expect((await statusOf(manager.token)).status).toBe(200);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: owner.email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });
});

const interestIds = async (id: string) =>
  (await t.database.db.select({ id: interests.id }).from(interests).where(eq(interests.id, id))).map((r) => r.id);

describe('a job sent inside a unit of work commits or fails with it', () => {
  it('a unit that sends a job and then fails leaves neither its change nor its job', async () => {
    const { db, unitOfWork } = t.container;
    const id = `rolled-back-${Date.now()}`;
    await expect(
      unitOfWork(async (unit) => {
        await db.insert(interests).values({ id, value: 'Rolled back', position: 990 });
        expect(await unit.enqueue(QUEUE, { id })).toBeTypeOf('string');
        throw new Error('failed half-way');
      }),
    ).rejects.toThrow('failed half-way');
    expect(await interestIds(id)).toEqual([]);
    expect(await t.runDueJobs(QUEUE)).toEqual([]);
  });

  it('a unit that commits leaves its change and exactly one job, which runs once', async () => {
    const { db, unitOfWork } = t.container;
    const id = `committed-${Date.now()}`;
    await unitOfWork(async (unit) => {
      await db.insert(interests).values({ id, value: 'Committed', position: 991 });
      await unit.enqueue(QUEUE, { id });
    });
    expect(await interestIds(id)).toEqual([id]);
    handled.length = 0;
    const ran = await t.runDueJobs(QUEUE);
    expect(ran.map((j) => j.data)).toEqual([{ id }]);
    expect(handled).toEqual([{ id }]);
    expect(await t.runDueJobs(QUEUE)).toEqual([]);
  });

  it('enqueue called by a service inside a unit joins the unit; outside one the job is sent on its own', async () => {
    const { db, unitOfWork, enqueue } = t.container;
    const id = `joined-${Date.now()}`;
    await expect(
      unitOfWork(async () => {
        await db.insert(interests).values({ id, value: 'Joined', position: 992 });
        // a service deeper down only has the container's enqueue
        await enqueue(QUEUE, { id });
        throw new Error('refused later');
      }),
    ).rejects.toThrow('refused later');
    expect(await t.runDueJobs(QUEUE)).toEqual([]);

    await enqueue(QUEUE, { alone: true });
    expect((await t.runDueJobs(QUEUE)).map((j) => j.data)).toEqual([{ alone: true }]);
  });

  it('a queue nobody registered is refused at once, inside a unit too, and the unit fails with it', async () => {
    const { db, unitOfWork } = t.container;
    const id = `unknown-queue-${Date.now()}`;
    await expect(
      unitOfWork(async (unit) => {
        await db.insert(interests).values({ id, value: 'Unknown queue', position: 993 });
        await unit.enqueue('no-such-queue', {});
      }),
    ).rejects.toThrow(/Queue no-such-queue was not prepared/);
    expect(await interestIds(id)).toEqual([]);
  });
});
