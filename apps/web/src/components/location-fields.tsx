import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { PLACE_MAX } from '@virality/domain';
import type { TLocationOptions } from '../lib/location/use-location-options';
import { rankedFilter } from '../lib/place-filter';

type TProps = {
  location: TLocationOptions;
  country: string | null;
  state: string | null;
  city: string | null;
  errors: { country?: React.ReactNode; state?: React.ReactNode; city?: React.ReactNode };
  onCountryChange: (country: string | null) => void;
  onStateChange: (state: string | null) => void;
  onCityChange: (city: string | null) => void;
  /**
   * Whether a picker's list opens when it gets focus (Mantine's default). A form that moves focus to its first
   * field in error passes false, so the list does not cover the messages below it.
   */
  openOnFocus?: boolean;
};

/**
 * Country, state and city: the parent clears state and city when the country changes, and the city when
 * the state changes; the option lists follow. Searching puts names that start with the typed text first.
 * Where the data lists no city (a country without states, a state without cities), the city is typed.
 * Required fields are announced (aria-required; the form draws their asterisk) from the start: state and city unless the data has none to pick.
 */
export function LocationFields({
  location,
  country,
  state,
  city,
  errors,
  onCountryChange,
  onStateChange,
  onCityChange,
  openOnFocus = true,
}: TProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        label="Country"
        placeholder={location.loadingCountries ? 'Loading…' : 'Select country'}
        data={location.countries}
        value={country}
        onChange={onCountryChange}
        error={errors.country ?? location.errors.country}
        searchable
        openOnFocus={openOnFocus}
        filter={rankedFilter}
        nothingFoundMessage="No country found"
        aria-required
      />
      <Select
        label="State"
        placeholder={location.loadingStates ? 'Loading…' : location.noStates ? 'None in this country' : 'Select state'}
        data={location.states}
        value={state}
        onChange={onStateChange}
        error={errors.state ?? location.errors.state}
        searchable
        openOnFocus={openOnFocus}
        filter={rankedFilter}
        disabled={!country || location.noStates}
        nothingFoundMessage="No state found"
        aria-required={!location.noStates}
      />
      {location.cityMode === 'type' ? (
        <TextInput
          label="City"
          placeholder="Type your city"
          description="Not in our list for this place: type it"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="address-level2"
          maxLength={PLACE_MAX}
          value={city ?? ''}
          onChange={(e) => onCityChange(e.currentTarget.value || null)}
          error={errors.city}
        />
      ) : (
        <Select
          label="City"
          placeholder={location.loadingCities ? 'Loading…' : 'Select city'}
          data={location.cities}
          value={city}
          onChange={onCityChange}
          error={errors.city ?? location.errors.city}
          searchable
          openOnFocus={openOnFocus}
          filter={rankedFilter}
          disabled={location.cityMode === 'wait'}
          nothingFoundMessage="No city found"
          aria-required
        />
      )}
    </SimpleGrid>
  );
}
