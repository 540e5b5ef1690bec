import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type TState = { stateId: string; stateName: string };

describe('GET /api/location/getAllCountry/', () => {
  it('lists every country as {countryId, countryName, phoneCode} at the documented path (trailing slash)', async () => {
    const res = await call(t, 'GET', '/api/location/getAllCountry/');
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(true);
    const list = res.json.response as { countryId: string; countryName: string; phoneCode: string }[];
    expect(list.length).toBeGreaterThan(200);
    for (const c of list) {
      expect(Object.keys(c).sort()).toEqual(['countryId', 'countryName', 'phoneCode']);
      expect(c.countryId).toMatch(/^[A-Z]{2}$/);
      expect(c.phoneCode).toMatch(/^\d{0,4}$/);
    }
    expect(list).toContainEqual({ countryId: 'IN', countryName: 'India', phoneCode: '91' });
    expect(list).toContainEqual({ countryId: 'US', countryName: 'United States', phoneCode: '1' });
    expect(new Set(list.map((c) => c.countryId)).size).toBe(list.length);
  });

  it('answers the same without the trailing slash', async () => {
    const a = await call(t, 'GET', '/api/location/getAllCountry/');
    const b = await call(t, 'GET', '/api/location/getAllCountry');
    expect(b.status).toBe(200);
    expect(b.json.response).toEqual(a.json.response);
  });
});

describe('GET /api/location/getAllState', () => {
  it('lists the states of India with ids that getAllCity takes', async () => {
    const res = await call(t, 'GET', '/api/location/getAllState?countryId=IN');
    expect(res.status).toBe(200);
    const states = res.json.response as TState[];
    expect(states.length).toBeGreaterThan(25);
    for (const s of states) expect(Object.keys(s).sort()).toEqual(['stateId', 'stateName']);
    expect(states.map((s) => s.stateName)).toEqual(expect.arrayContaining(['Maharashtra', 'Karnataka', 'Delhi']));
  });

  it('takes a country name or a lower-case code too', async () => {
    const byCode = await call(t, 'GET', '/api/location/getAllState?countryId=IN');
    for (const id of ['in', 'India', 'india']) {
      const res = await call(t, 'GET', `/api/location/getAllState?countryId=${id}`);
      expect(res.status, id).toBe(200);
      expect(res.json.response).toEqual(byCode.json.response);
    }
  });

  it('an empty list for a country without states', async () => {
    const res = await call(t, 'GET', '/api/location/getAllState?countryId=AW');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, response: [] });
  });

  it('400 when countryId is missing or empty', async () => {
    for (const url of ['/api/location/getAllState', '/api/location/getAllState?countryId=']) {
      const res = await call(t, 'GET', url);
      expect(res.status, url).toBe(400);
      expect(res.json).toMatchObject({ status: false, message: 'countryId is required' });
    }
  });

  it('404 "Country not found" for an unknown country', async () => {
    const res = await call(t, 'GET', '/api/location/getAllState?countryId=ZZ');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: false, message: MSG.countryNotFound, response: null, code: 'NOT_FOUND' });
  });
});

describe('GET /api/location/getAllCity', () => {
  it('lists the cities of a state picked from getAllState', async () => {
    const states = (await call(t, 'GET', '/api/location/getAllState?countryId=IN')).json.response as TState[];
    const mh = states.find((s) => s.stateName === 'Maharashtra')!;
    const res = await call(t, 'GET', `/api/location/getAllCity?stateId=${encodeURIComponent(mh.stateId)}`);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(true);
    const cities = res.json.response as { cityName: string }[];
    expect(cities.length).toBeGreaterThan(100);
    for (const c of cities) expect(Object.keys(c)).toEqual(['cityName']);
    expect(cities.map((c) => c.cityName)).toEqual(expect.arrayContaining(['Mumbai', 'Pune', 'Nagpur']));
  });

  it('works for every state of a country (ids with a dash in the state code too)', async () => {
    const states = (await call(t, 'GET', '/api/location/getAllState?countryId=GB')).json.response as TState[];
    const dashed = states.find((s) => s.stateId.split('-').length > 2);
    expect(dashed).toBeDefined();
    const res = await call(t, 'GET', `/api/location/getAllCity?stateId=${encodeURIComponent(dashed!.stateId)}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json.response)).toBe(true);
  });

  it('an empty list for a state without cities', async () => {
    const res = await call(t, 'GET', '/api/location/getAllCity?stateId=AR-C');
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual([]);
  });

  it('400 when stateId is missing or empty', async () => {
    for (const url of ['/api/location/getAllCity', '/api/location/getAllCity?stateId=']) {
      const res = await call(t, 'GET', url);
      expect(res.status, url).toBe(400);
      expect(res.json).toMatchObject({ status: false, message: 'stateId is required' });
    }
  });

  it.each(['XX-YY', 'IN-ZZ', 'MH', 'garbage'])('404 "State not found" for %j', async (stateId) => {
    const res = await call(t, 'GET', `/api/location/getAllCity?stateId=${stateId}`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: false, message: MSG.stateNotFound, response: null, code: 'NOT_FOUND' });
  });
});
