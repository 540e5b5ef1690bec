import { MSG } from '@virality/domain';
import { City, Country, State } from 'country-state-city';
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

/** Countries, states and cities from the maintained `country-state-city` data package. */
export function createLocationService() {
  let countries: TCountry[] | null = null;
  const findCountry = (value: string) => {
    const v = norm(value);
    return Country.getAllCountries().find((c) => norm(c.isoCode) === v || norm(c.name) === v) ?? null;
  };
  return {
    countries(): TCountry[] {
      countries ??= Country.getAllCountries().map((c) => ({
        countryId: c.isoCode,
        countryName: c.name,
        phoneCode: c.phonecode.replace(/^\+/, '').split(/[^\d]/)[0] ?? '',
      }));
      return countries;
    },
    states(countryId: string): TStateItem[] {
      const country = findCountry(countryId);
      if (!country) throw notFound(MSG.countryNotFound);
      return State.getStatesOfCountry(country.isoCode).map((s) => ({
        stateId: stateId(country.isoCode, s.isoCode),
        stateName: s.name,
      }));
    },
    cities(id: string): { cityName: string }[] {
      const parts = splitStateId(id);
      const state = parts ? State.getStateByCodeAndCountry(parts.stateCode, parts.countryCode) : undefined;
      if (!parts || !state) throw notFound(MSG.stateNotFound);
      return City.getCitiesOfState(parts.countryCode, parts.stateCode).map((c) => ({ cityName: c.name }));
    },
    /**
     * Resolves an address's country, state and city (ids or names) to names, and says whether the
     * country has states and the state has cities (then they are required). Unknown values stay
     * unresolved (null) so the rule reports them as missing.
     */
    resolve(input: { country?: string | null; state?: string | null; city?: string | null }) {
      const country = input.country ? findCountry(input.country) : null;
      if (!country) return { country: null, state: null, city: null, statesExist: false, citiesExist: false };
      const states = State.getStatesOfCountry(country.isoCode);
      const sv = input.state ? norm(input.state) : null;
      const state = sv
        ? (states.find((s) => norm(stateId(country.isoCode, s.isoCode)) === sv || norm(s.name) === sv) ?? null)
        : null;
      const cities = state ? City.getCitiesOfState(country.isoCode, state.isoCode) : [];
      const cv = input.city ? norm(input.city) : null;
      const city = cv ? (cities.find((c) => norm(c.name) === cv) ?? null) : null;
      return {
        country: country.name,
        state: state?.name ?? null,
        city: city?.name ?? null,
        statesExist: states.length > 0,
        citiesExist: cities.length > 0,
      };
    },
  };
}
export type TLocationService = ReturnType<typeof createLocationService>;
