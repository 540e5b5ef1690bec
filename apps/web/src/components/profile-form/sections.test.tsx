import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import type { TProfileType, TUser } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing';
import { ProfileContactFields, ProfileIdentityFields } from './sections';
import { initialProfileValues } from './values';

const user = (over: Partial<TUser> = {}) =>
  ({
    _id: 'u1',
    profileType: 'INFLUENCER',
    name: 'Ana Maria',
    userName: 'ana',
    email: 'ana@example.com',
    mobileNumber: null,
    phoneCode: null,
    dateOfBirth: 'N/A',
    address: { country: 'India', state: 'N/A', city: null, addressLine: 'MG Road 1', pinCode: '560001' },
    ...over,
  }) as unknown as TUser;

function Identity({ type }: { type: TProfileType }) {
  const form = useForm({ initialValues: initialProfileValues(user({ profileType: type })) });
  return <ProfileIdentityFields form={form} profileType={type} />;
}

const has = (label: string) => screen.queryAllByLabelText(label, { exact: false }).length > 0;

describe('one profile section for registration, Account Details and Address', () => {
  it('a person is asked pronouns, gender and date of birth, never an industry or a company size', () => {
    renderUi(<Identity type="INFLUENCER" />);
    expect([has('Pronouns'), has('Gender'), has('Date of birth')]).toEqual([true, true, true]);
    expect([has('Industry'), has('Company size'), has('Number of influencers')]).toEqual([false, false, false]);
  });

  it("a company is asked its industry and size, and an IMC its number of influencers, never a person's pronouns", () => {
    renderUi(<Identity type="IMC" />);
    expect([has('Industry'), has('Company size'), has('Number of influencers')]).toEqual([true, true, true]);
    expect(has('Pronouns')).toBe(false);
    expect(has('Business/Brand name')).toBe(true);
  });

  it('what older records hold for "not set" (N/A) is shown as empty, never as a value', () => {
    const v = initialProfileValues(user());
    expect([v.dateOfBirth, v.state, v.city, v.pronouns]).toEqual(['', null, null, null]);
    expect([v.country, v.addressLine, v.pinCode]).toEqual(['India', 'MG Road 1', '560001']);
  });

  it('a locked contact cannot be typed into and says why', () => {
    function Contact() {
      const form = useForm({ initialValues: initialProfileValues(user()) });
      return <ProfileContactFields form={form} emailLocked mobileLocked={false} lockedNote="It cannot be changed once set" />;
    }
    renderUi(<Contact />);
    const email = screen.getByLabelText('Email', { exact: false }) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('ana@example.com');
    expect(screen.getByText('It cannot be changed once set')).toBeTruthy();
    expect((screen.getByLabelText('Mobile number', { exact: false }) as HTMLInputElement).readOnly).toBe(false);
  });
});
