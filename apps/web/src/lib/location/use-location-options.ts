import type { TCountry } from '@virality/domain';
import { useCities } from './get-cities';
import { useCountries } from './get-countries';
import { useStates } from './get-states';

/** Names once each, in order (a picker cannot hold two options with one value). */
const unique = (names: string[]): string[] => [...new Set(names.filter(Boolean))];

/**
 * How the city is given: picked from the state's list; typed, where the data has no list (the country has
 * no states, or the chosen state no cities: 'No city found' would be a dead end); or not yet (waiting for
 * a country and state, or for the list to load).
 */
export type TCityMode = 'pick' | 'type' | 'wait';

/**
 * Country, state and city options for the chosen names. Countries load at once; the states of the
 * chosen country and the cities of the chosen state load when those are chosen. A failed lookup is
 * reported per field (`errors`), where the user is looking.
 */
export function useLocationOptions(countryName: string | null, stateName: string | null) {
  const countriesQ = useCountries();
  const country: TCountry | undefined = countryName ? countriesQ.data?.find((c) => c.countryName === countryName) : undefined;
  const statesQ = useStates(country?.countryId);
  const stateId = stateName ? statesQ.data?.find((s) => s.stateName === stateName)?.stateId : undefined;
  const citiesQ = useCities(stateId);

  const countries = unique((countriesQ.data ?? []).map((c) => c.countryName));
  const states = country ? unique((statesQ.data ?? []).map((s) => s.stateName)) : [];
  const cities = stateId !== undefined ? unique((citiesQ.data ?? []).map((c) => c.cityName)) : [];

  const noStates = !!country && statesQ.isSuccess && states.length === 0;
  const noCities = stateId !== undefined && citiesQ.isSuccess && cities.length === 0;
  const cityMode: TCityMode = cities.length > 0 ? 'pick' : noStates || noCities ? 'type' : 'wait';

  return {
    countries,
    states,
    cities,
    country,
    /** The country record of a name (for its phone code). */
    findCountry: (name: string) => countriesQ.data?.find((c) => c.countryName === name),
    loadingCountries: countriesQ.isLoading,
    loadingStates: statesQ.isLoading,
    loadingCities: citiesQ.isLoading,
    /** The chosen country has no states in the data (the state stays empty). */
    noStates,
    cityMode,
    /** A lookup that failed, on the field it feeds. */
    errors: {
      country: countriesQ.error?.message,
      state: statesQ.error?.message,
      city: citiesQ.error?.message,
    },
    /** What profileIssues needs: state and city are required only when the lists have options. */
    needs: { statesExist: states.length > 0, citiesExist: cities.length > 0 },
  };
}

export type TLocationOptions = ReturnType<typeof useLocationOptions>;
