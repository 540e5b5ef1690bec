import fs from 'node:fs';
import { createRequire } from 'node:module';
import { MSG } from '@virality/domain';
import { notFound } from '../../errors';

export type TCountry = { countryId: string; countryName: string; phoneCode: string };
export type TStateItem = { stateId: string; stateName: string };

const norm = (s: string) => s.trim().toLowerCase();
/** A state's id joins its country and its own code, so cities can be listed from the id alone. */
const stateId = (countryCode: string, stateCode: string) => `${countryCode}-${stateCode}`;
const splitStateId = (id: string) => {
  const i = id.indexOf('-');
  return i > 0 ? { countryCode: id.slice(0, i), stateCode: id.slice(i + 1) } : null;
};

type TCountryRow = { name: string; isoCode: string; phonecode: string };
type TStateRow = { name: string; isoCode: string; countryCode: string };
/** city.json rows: [name, countryCode, stateCode, latitude, longitude]. */
type TCityRow = [string, string, string, ...unknown[]];

/** The package's own ordering (by name, plain < and >; Array.prototype.sort is stable, so ties keep the file's order). */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The `country-state-city` data, read from its JSON files on first use instead of importing the package:
 * its index loads every city (8 MB of JSON, ~35 MB of heap) at start-up even when nobody asks for one.
 * Cities are kept as a per-state index of names only (~6 MB), built the first time a city is needed.
 */
function locationData() {
  const require = createRequire(import.meta.url);
  const read = <T>(file: string): T =>
    JSON.parse(fs.readFileSync(require.resolve(`country-state-city/lib/assets/${file}`), 'utf8')) as T;
  let countries: TCountryRow[] | null = null;
  let statesByCountry: Map<string, TStateRow[]> | null = null;
  let citiesByState: Map<string, string[]> | null = null;
  return {
    countries: () => {
      countries ??= read<TCountryRow[]>('country.json');
      return countries;
    },
    statesOf: (countryCode: string): TStateRow[] => {
      if (!statesByCountry) {
        statesByCountry = new Map();
        for (const s of read<TStateRow[]>('state.json')) {
          const row = { name: s.name, isoCode: s.isoCode, countryCode: s.countryCode };
          const list = statesByCountry.get(s.countryCode);
          if (list) list.push(row);
          else statesByCountry.set(s.countryCode, [row]);
        }
        for (const list of statesByCountry.values()) list.sort((a, b) => byName(a.name, b.name));
      }
      return statesByCountry.get(countryCode) ?? [];
    },
    citiesOf: (countryCode: string, stateCode: string): string[] => {
      if (!citiesByState) {
        const index = new Map<string, string[]>();
        for (const [name, country, state] of read<TCityRow[]>('city.json')) {
          const key = stateId(country, state);
          const list = index.get(key);
          if (list) list.push(name);
          else index.set(key, [name]);
        }
        for (const list of index.values()) list.sort(byName);
        citiesByState = index;
      }
      return citiesByState.get(stateId(countryCode, stateCode)) ?? [];
    },
  };
}

/** Countries, states and cities from the maintained `country-state-city` data package. */
export function createLocationService() {
  const data = locationData();
  let countries: TCountry[] | null = null;
  const findCountry = (value: string) => {
    const v = norm(value);
    return data.countries().find((c) => norm(c.isoCode) === v || norm(c.name) === v) ?? null;
  };
  return {
    countries(): TCountry[] {
      countries ??= data.countries().map((c) => ({
        countryId: c.isoCode,
        countryName: c.name,
        phoneCode: c.phonecode.replace(/^\+/, '').split(/[^\d]/)[0] ?? '',
      }));
      return countries;
    },
    states(countryId: string): TStateItem[] {
      const country = findCountry(countryId);
      if (!country) throw notFound(MSG.countryNotFound);
      return data.statesOf(country.isoCode).map((s) => ({
        stateId: stateId(country.isoCode, s.isoCode),
        stateName: s.name,
      }));
    },
    cities(id: string): { cityName: string }[] {
      const parts = splitStateId(id);
      const state = parts ? data.statesOf(parts.countryCode).find((s) => s.isoCode === parts.stateCode) : undefined;
      if (!parts || !state) throw notFound(MSG.stateNotFound);
      return data.citiesOf(parts.countryCode, parts.stateCode).map((cityName) => ({ cityName }));
    },
    /**
     * Resolves an address's country, state and city (ids or names) to names, and says whether the
     * country has states and the state has cities (then they are required). Unknown values stay
     * unresolved (null) so the rule reports them as missing. Where the data lists no city for the
     * country or state, the city is the one the user typed (trimmed), which the address rule checks.
     */
    resolve(input: { country?: string | null; state?: string | null; city?: string | null }) {
      const country = input.country ? findCountry(input.country) : null;
      if (!country) return { country: null, state: null, city: null, statesExist: false, citiesExist: false };
      const states = data.statesOf(country.isoCode);
      const sv = input.state ? norm(input.state) : null;
      const state = sv
        ? (states.find((s) => norm(stateId(country.isoCode, s.isoCode)) === sv || norm(s.name) === sv) ?? null)
        : null;
      const cities = state ? data.citiesOf(country.isoCode, state.isoCode) : [];
      const cv = input.city ? norm(input.city) : null;
      // The data has no city to pick from: the country has no states, or the chosen state has no cities.
      const typedCity = states.length === 0 || (state !== null && cities.length === 0);
      const listed = cv ? (cities.find((name) => norm(name) === cv) ?? null) : null;
      const city = typedCity ? input.city?.trim() || null : listed;
      return {
        country: country.name,
        state: state?.name ?? null,
        city,
        statesExist: states.length > 0,
        citiesExist: cities.length > 0,
      };
    },
  };
}
export type TLocationService = ReturnType<typeof createLocationService>;
