import { Grid, Group, Select, SimpleGrid, Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  ADDRESS_MAX,
  accountDetailsFields,
  maxDateOfBirth,
  PHONE_CODE_MAX,
  PIN_MAX,
  PROFILE_PHONE_MAX,
  type TProfileType,
} from '@virality/domain';
import { type ReactNode, useState } from 'react';
import type { TLocationOptions } from '../../lib/location/use-location-options';
import { rankedFilter } from '../../lib/place-filter';
import {
  COMPANY_SIZE_OPTIONS,
  digitsOnly,
  GENDER_OPTIONS,
  INDUSTRY_OPTIONS,
  INFLUENCER_COUNT_OPTIONS,
  PRONOUN_OPTIONS,
} from '../../lib/profile-fields';
import { LocationFields } from '../location-fields';
import type { TProfileValues } from './values';

type TForm = UseFormReturnType<TProfileValues>;

/**
 * Who the account is: name, (beside it) the username or the company name, pronouns for a person, gender and date of
 * birth, and for a company its industry, size and (IMC) number of influencers. Which fields show follows the shared
 * rule accountDetailsFields. A company's registration asks gender and date of birth of the one who runs the account,
 * in a section of their own (`holder`); elsewhere they sit with the rest.
 */
export function ProfileIdentityFields({
  form,
  profileType,
  besideName,
  holder,
  industryOpensOnFocus = true,
}: {
  form: TForm;
  profileType: TProfileType;
  besideName?: ReactNode;
  holder?: { title: string; line: string };
  /** false where a save moves focus to the first field in error: the list would cover the messages below it */
  industryOpensOnFocus?: boolean;
}) {
  const fields = accountDetailsFields(profileType);
  const [today] = useState(() => new Date());
  const holderFields = (
    <>
      <Select label="Gender" placeholder="Select gender" data={GENDER_OPTIONS} clearable {...form.getInputProps('gender')} />
      <TextInput
        label="Date of birth"
        type="date"
        min="1900-01-01"
        max={maxDateOfBirth(profileType, today)}
        aria-required
        {...form.getInputProps('dateOfBirth')}
      />
    </>
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={fields.business ? 'Business/Brand name' : 'Name'}
          autoComplete={fields.business ? 'organization' : 'name'}
          maxLength={40}
          aria-required
          {...form.getInputProps('name')}
        />
        {besideName}
        {fields.pronouns && (
          <Select
            label="Pronouns"
            placeholder="Select pronouns"
            data={PRONOUN_OPTIONS}
            clearable
            {...form.getInputProps('pronouns')}
          />
        )}
        {!holder && holderFields}
        {fields.business && (
          <Select
            label="Industry"
            placeholder="Search industry"
            data={INDUSTRY_OPTIONS}
            searchable
            openOnFocus={industryOpensOnFocus}
            limit={50}
            filter={rankedFilter}
            nothingFoundMessage="No industry found"
            aria-required
            {...form.getInputProps('industryType')}
          />
        )}
        {fields.business && (
          <Select
            label="Company size"
            placeholder="Select company size"
            data={COMPANY_SIZE_OPTIONS}
            aria-required
            {...form.getInputProps('companySize')}
          />
        )}
        {fields.imc && (
          <Select
            label="Number of influencers"
            placeholder="Select a range"
            data={INFLUENCER_COUNT_OPTIONS}
            {...form.getInputProps('numOfInflunecer')}
          />
        )}
      </SimpleGrid>
      {holder && (
        <Stack gap="xs" component="section" aria-labelledby="holder-title">
          <div>
            <Title order={3} fz="md" id="holder-title">
              {holder.title}
            </Title>
            <Text c="dimmed" size="sm">
              {holder.line}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{holderFields}</SimpleGrid>
        </Stack>
      )}
    </>
  );
}

/** A form with a phone code and a mobile number. */
type TPhoneForm = {
  getInputProps(path: 'phoneCode' | 'mobileNumber'): object;
  setFieldValue(path: 'phoneCode' | 'mobileNumber', value: string): void;
};

/**
 * Phone code and mobile number side by side, digits only and cut at their lengths: the profile's contact fields and
 * the page that adds a number to verify. `codeLocked` makes the code read-only; `numberProps` adds to the number's.
 */
export function PhoneFields({
  form,
  required = false,
  codeLocked = false,
  numberProps = {},
}: {
  form: TPhoneForm;
  required?: boolean;
  codeLocked?: boolean;
  numberProps?: Partial<TextInputProps>;
}) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <TextInput
        label="Phone code"
        w={110}
        inputMode="numeric"
        autoComplete="tel-country-code"
        leftSection="+"
        maxLength={PHONE_CODE_MAX}
        readOnly={codeLocked}
        aria-required={required}
        {...form.getInputProps('phoneCode')}
        onChange={(e) => form.setFieldValue('phoneCode', digitsOnly(e.currentTarget.value, PHONE_CODE_MAX))}
      />
      <TextInput
        label="Mobile number"
        style={{ flex: 1 }}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PROFILE_PHONE_MAX}
        aria-required={required}
        {...numberProps}
        {...form.getInputProps('mobileNumber')}
        onChange={(e) => form.setFieldValue('mobileNumber', digitsOnly(e.currentTarget.value, PROFILE_PHONE_MAX))}
      />
    </Group>
  );
}

/**
 * Phone code, mobile number and e-mail. A contact that is `locked` cannot be edited here, and says why (`lockedNote`:
 * "Verified" at registration, "It cannot be changed once set" on Account Details).
 */
export function ProfileContactFields({
  form,
  mobileLocked,
  emailLocked,
  lockedNote,
  required = false,
}: {
  form: TForm;
  mobileLocked: boolean;
  emailLocked: boolean;
  lockedNote: string;
  /** both contacts are required (an influencer's registration) */
  required?: boolean;
}) {
  const locked = (on: boolean): Partial<TextInputProps> =>
    on ? { readOnly: true, description: lockedNote, inputWrapperOrder: ['label', 'input', 'description', 'error'] } : {};
  return (
    <>
      <PhoneFields form={form} required={required} codeLocked={mobileLocked} numberProps={locked(mobileLocked)} />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={60}
        aria-required={required}
        {...locked(emailLocked)}
        {...form.getInputProps('email')}
      />
    </>
  );
}

/**
 * Country, state and city pickers (state and city cleared when what they belong to changes), the address line and
 * the pin code. `onCountryChange` runs after the country is set, for what else follows it (a phone code).
 */
export function ProfileAddressFields({
  form,
  location,
  onCountryChange,
  openOnFocus,
}: {
  form: TForm;
  location: TLocationOptions;
  onCountryChange?: (country: string | null) => void;
  openOnFocus?: boolean;
}) {
  const v = form.values;
  return (
    <>
      <LocationFields
        location={location}
        country={v.country}
        state={v.state}
        city={v.city}
        errors={{ country: form.errors.country, state: form.errors.state, city: form.errors.city }}
        onCountryChange={(country) => {
          form.setValues({ country, state: null, city: null });
          onCountryChange?.(country);
        }}
        onStateChange={(state) => form.setValues({ state, city: null })}
        onCityChange={(city) => form.setFieldValue('city', city)}
        openOnFocus={openOnFocus}
      />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="Address"
            autoComplete="street-address"
            maxLength={ADDRESS_MAX}
            aria-required
            {...form.getInputProps('addressLine')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Pin code"
            autoComplete="postal-code"
            maxLength={PIN_MAX}
            aria-required
            {...form.getInputProps('pinCode')}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
