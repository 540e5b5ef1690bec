import { describe, expect, it } from 'vitest';
import type { TProfileType } from '../enums';
import { MSG } from '../messages';
import { accountDetailsFields, accountDetailsIssues, levelBadge, profileHubEntries } from './profile-hub';

const user = (profileType: TProfileType, over: { paymentStatus?: boolean; authType?: string } = {}) => ({
  profileType,
  paymentStatus: false,
  authType: 'LOCAL',
  ...over,
});

describe('the profile hub entries', () => {
  it('a paid business gets every entry, in menu order', () => {
    expect(profileHubEntries(user('BUSINESS', { paymentStatus: true }))).toEqual([
      'notification',
      'accountDetails',
      'manageUsers',
      'addressDetail',
      'socialMediaAccounts',
      'viralityPoint',
      'wallet',
      'pricing',
      'changePassword',
      'apiKeys',
      'privacyPolicy',
      'helpSupport',
      'faq',
      'deleteAccount',
      'logout',
    ]);
  });

  it('Notification waits for payment, except for business managers and influencers', () => {
    for (const type of ['BUSINESS', 'BRANDS', 'IMC'] as const) {
      expect(profileHubEntries(user(type))).not.toContain('notification');
      expect(profileHubEntries(user(type, { paymentStatus: true }))).toContain('notification');
    }
    expect(profileHubEntries(user('BUSINESS_MANAGER'))).toContain('notification');
    expect(profileHubEntries(user('INFLUENCER'))).toContain('notification');
  });

  it('IMC has no Social Media Accounts, Virality Point or FAQ', () => {
    const entries = profileHubEntries(user('IMC', { paymentStatus: true }));
    expect(entries).not.toContain('socialMediaAccounts');
    expect(entries).not.toContain('viralityPoint');
    expect(entries).not.toContain('faq');
    expect(entries).toContain('pricing');
  });

  it('Manage Users is for a BUSINESS only; Pricing for all but business managers', () => {
    for (const type of ['INFLUENCER', 'BRANDS', 'IMC', 'BUSINESS_MANAGER'] as const) {
      expect(profileHubEntries(user(type))).not.toContain('manageUsers');
    }
    expect(profileHubEntries(user('BUSINESS_MANAGER'))).not.toContain('pricing');
    expect(profileHubEntries(user('BRANDS'))).toContain('pricing');
  });

  it('API keys are for the owners of an organization: never a business manager', () => {
    for (const type of ['INFLUENCER', 'BUSINESS', 'BRANDS', 'IMC'] as const)
      expect(profileHubEntries(user(type))).toContain('apiKeys');
    expect(profileHubEntries(user('BUSINESS_MANAGER'))).not.toContain('apiKeys');
  });

  it('a Google sign-in has no Change Password', () => {
    expect(profileHubEntries(user('INFLUENCER', { authType: 'GOOGLE' }))).not.toContain('changePassword');
    expect(profileHubEntries(user('INFLUENCER'))).toContain('changePassword');
  });

  it('Wallet is for every type but IMC, as its page /profile/wallet, after Virality Point', () => {
    for (const type of ['INFLUENCER', 'BRANDS', 'BUSINESS', 'BUSINESS_MANAGER'] as const) {
      expect(profileHubEntries(user(type, { paymentStatus: true }))).toContain('wallet');
    }
    expect(profileHubEntries(user('IMC', { paymentStatus: true }))).not.toContain('wallet');
    const influencer = profileHubEntries(user('INFLUENCER'));
    expect(influencer.indexOf('wallet')).toBe(influencer.indexOf('viralityPoint') + 1);
  });

  it('Virality Point follows its page: influencers, businesses and their managers', () => {
    expect(profileHubEntries(user('BRANDS'))).not.toContain('viralityPoint');
    expect(profileHubEntries(user('BUSINESS_MANAGER'))).toContain('viralityPoint');
  });
});

describe('the level badge', () => {
  it('is shown to influencers and businesses: Maker, Visionary, anything else Trailblazer', () => {
    expect(levelBadge({ profileType: 'INFLUENCER', viralityLevel: 'Maker' })).toBe('Maker');
    expect(levelBadge({ profileType: 'BUSINESS', viralityLevel: 'Visionary' })).toBe('Visionary');
    expect(levelBadge({ profileType: 'INFLUENCER', viralityLevel: 'Legend' })).toBe('Trailblazer');
    expect(levelBadge({ profileType: 'INFLUENCER', viralityLevel: null })).toBe('Trailblazer');
    expect(levelBadge({ profileType: 'IMC', viralityLevel: 'Maker' })).toBeNull();
    expect(levelBadge({ profileType: 'BUSINESS_MANAGER', viralityLevel: 'Maker' })).toBeNull();
  });
});

describe('Account Details rules', () => {
  const today = new Date('2026-05-10T12:00:00Z');

  it('fields by type: businesses pick industry and size, IMC its influencer count, IMC has no payout id', () => {
    expect(accountDetailsFields('BUSINESS')).toMatchObject({ business: true, imc: false, pronouns: false, paypalId: true });
    expect(accountDetailsFields('IMC')).toMatchObject({ business: true, imc: true, paypalId: false });
    expect(accountDetailsFields('INFLUENCER')).toMatchObject({ business: false, pronouns: true, paypalId: true });
    expect(accountDetailsFields('BUSINESS_MANAGER')).toMatchObject({ business: false, pronouns: true, paypalId: true });
  });

  it('leaves the address to its own form', () => {
    const issues = accountDetailsIssues(
      { name: 'Acme Foods', userName: 'acme', dateOfBirth: '1990-01-01', industryType: 'Banking', companySize: 2 },
      { profileType: 'BUSINESS', today },
    );
    expect(issues).toEqual({});
  });

  it('a business manager is a person: a person name, no industry or company size', () => {
    const ok = accountDetailsIssues(
      { name: 'Sam Social', userName: 'sam', dateOfBirth: '1996-07-14', gender: 'male' },
      { profileType: 'BUSINESS_MANAGER', today },
    );
    expect(ok).toEqual({});
    const bad = accountDetailsIssues(
      { name: '', userName: 'sam', dateOfBirth: '2027-01-01' },
      { profileType: 'BUSINESS_MANAGER', today },
    );
    expect(bad).toEqual({ name: MSG.nameRequired, dateOfBirth: MSG.dobInvalid });
  });

  it("a payout id with a space is refused: 'space is not valid'", () => {
    const issues = accountDetailsIssues(
      { name: 'Asha Rao', userName: 'asha', dateOfBirth: '1990-01-01', paypalId: 'asha @example.com' },
      { profileType: 'INFLUENCER', today },
    );
    expect(issues).toEqual({ paypalId: MSG.paypalIdSpaces });
  });
});
