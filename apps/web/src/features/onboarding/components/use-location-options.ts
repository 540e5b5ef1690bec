import type { TCountry } from '@virality/domain';
import { useEffect } from 'react';
import { notifyError } from '../../../lib/notify';
import { useCities } from '../api/get-cities';
import { useCountries } from '../api/get-countries';
import { useStates } from '../api/get-states';

/** Names once each, in order (a picker cannot hold two options with one value). */
const unique = (names: string[]): string[] => [...new Set(names.filter(Boolean))];

/** Toasts a failed location lookup once per failure. */
function useToastOnError(error: Error | null) {
  useEffect(() => {
    if (error) notifyError(error.message);
  }, [error]);
}

/**
 * Country, state and city options for the chosen names. Countries load at once; the states of the
 * chosen country and the cities of the chosen state load when those are chosen.
 */
export function useLocationOptions(countryName: string | null, stateName: string | null) {
  const countriesQ = useCountries();
  const country: TCountry | undefined = countryName ? countriesQ.data?.find((c) => c.countryName === countryName) : undefined;
  const statesQ = useStates(country?.countryId);
  const stateId = stateName ? statesQ.data?.find((s) => s.stateName === stateName)?.stateId : undefined;
  const citiesQ = useCities(stateId);

  useToastOnError(countriesQ.error);
  useToastOnError(statesQ.error);
  useToastOnError(citiesQ.error);

  const countries = unique((countriesQ.data ?? []).map((c) => c.countryName));
  const states = country ? unique((statesQ.data ?? []).map((s) => s.stateName)) : [];
  const cities = stateId !== undefined ? unique((citiesQ.data ?? []).map((c) => c.cityName)) : [];

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
    /** What profileIssues needs: state and city are required only when the lists have options. */
    needs: { statesExist: states.length > 0, citiesExist: cities.length > 0 },
  };
}

export type TLocationOptions = ReturnType<typeof useLocationOptions>;
