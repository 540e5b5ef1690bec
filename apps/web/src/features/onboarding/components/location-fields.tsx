import { Select, SimpleGrid } from '@mantine/core';
import type { TLocationOptions } from './use-location-options';

type TProps = {
  location: TLocationOptions;
  country: string | null;
  state: string | null;
  city: string | null;
  errors: { country?: React.ReactNode; state?: React.ReactNode; city?: React.ReactNode };
  onCountryChange: (country: string | null) => void;
  onStateChange: (state: string | null) => void;
  onCityChange: (city: string | null) => void;
};

/**
 * Country, state and city pickers: the parent clears state and city
 * when the country changes, and the city when the state changes; the option lists follow.
 */
export function LocationFields({ location, country, state, city, errors, onCountryChange, onStateChange, onCityChange }: TProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        label="Country"
        placeholder={location.loadingCountries ? 'Loading…' : 'Select country'}
        data={location.countries}
        value={country}
        onChange={onCountryChange}
        error={errors.country}
        searchable
        nothingFoundMessage="No country found"
        aria-required
      />
      <Select
        label="State"
        placeholder={location.loadingStates ? 'Loading…' : 'Select state'}
        data={location.states}
        value={state}
        onChange={onStateChange}
        error={errors.state}
        searchable
        disabled={!country}
        nothingFoundMessage="No state found"
      />
      <Select
        label="City"
        placeholder={location.loadingCities ? 'Loading…' : 'Select city'}
        data={location.cities}
        value={city}
        onChange={onCityChange}
        error={errors.city}
        searchable
        disabled={!state}
        nothingFoundMessage="No city found"
      />
    </SimpleGrid>
  );
}
