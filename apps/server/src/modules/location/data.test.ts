import fs from 'node:fs';
import { City, Country, State } from 'country-state-city';
import { describe, expect, it, vi } from 'vitest';
import { createLocationService } from './service';

// The service reads the package's JSON files itself (lazily, cities as a per-state index of names):
// every answer must stay the one the package's own functions give.
describe('location data read lazily from country-state-city', () => {
  const location = createLocationService();

  it('lists the same countries, states and cities as the package, in the same order', () => {
    const countries = Country.getAllCountries();
    expect(location.countries().map((c) => c.countryId)).toEqual(countries.map((c) => c.isoCode));
    // the package's getCitiesOfState filters all 150,000 cities on each call (about a minute for every state on a
    // loaded machine): its lists are read once, grouped by state in the package's order, and checked against the
    // package's own call on a sample of states
    const byState = new Map<string, string[]>();
    for (const c of City.getAllCities()) {
      const key = `${c.countryCode}-${c.stateCode}`;
      byState.set(key, [...(byState.get(key) ?? []), c.name]);
    }
    let cityLists = 0;
    let n = 0;
    for (const country of countries) {
      const states = State.getStatesOfCountry(country.isoCode);
      expect(location.states(country.isoCode).map((s) => s.stateName)).toEqual(states.map((s) => s.name));
      for (const state of states) {
        const id = `${country.isoCode}-${state.isoCode}`;
        const expected = byState.get(id) ?? [];
        if (n++ % 100 === 0)
          expect(
            City.getCitiesOfState(country.isoCode, state.isoCode).map((c) => c.name),
            id,
          ).toEqual(expected);
        expect(
          location.cities(id).map((c) => c.cityName),
          id,
        ).toEqual(expected);
        cityLists += expected.length > 0 ? 1 : 0;
      }
    }
    expect(cityLists).toBeGreaterThan(2000);
  });

  it('resolves names and ids as before', () => {
    expect(location.resolve({ country: 'india', state: 'IN-MH', city: 'mumbai' })).toEqual({
      country: 'India',
      state: 'Maharashtra',
      city: 'Mumbai',
      statesExist: true,
      citiesExist: true,
    });
    expect(location.resolve({ country: 'ZZ', state: 'x', city: 'y' })).toMatchObject({ country: null, statesExist: false });
    expect(location.resolve({ country: 'AW' })).toMatchObject({ country: 'Aruba', statesExist: false, citiesExist: false });
  });

  it('reads city.json only when a city is first needed, and once', () => {
    const reads = vi.spyOn(fs, 'readFileSync');
    try {
      const fresh = createLocationService();
      const cityReads = () => reads.mock.calls.filter(([file]) => String(file).endsWith('city.json')).length;
      expect(fresh.countries().length).toBeGreaterThan(200);
      expect(fresh.states('IN').length).toBeGreaterThan(25);
      expect(cityReads()).toBe(0);
      expect(fresh.cities('IN-MH').length).toBeGreaterThan(10);
      expect(fresh.resolve({ country: 'US', state: 'US-CA', city: 'Los Angeles' }).city).toBe('Los Angeles');
      expect(cityReads()).toBe(1);
    } finally {
      reads.mockRestore();
    }
  });
});
