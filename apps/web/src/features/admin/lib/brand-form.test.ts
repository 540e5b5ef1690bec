import { ADMIN_MSG, MSG } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { brandBody, brandFormErrors, isMobileEntry } from './brand-form';

describe('the new-brand form', () => {
  it('sends an e-mail as email, and digits as a mobile with its country code', () => {
    expect(brandBody('Acme', ' hello@acme.test ', '44')).toEqual({ name: 'Acme', email: 'hello@acme.test' });
    expect(brandBody('Acme', '7700900123', ' 44 ')).toEqual({ name: 'Acme', mobileNumber: '7700900123', phoneCode: '44' });
    expect(brandBody('Acme', '+447700900123', '')).toEqual({ name: 'Acme', mobileNumber: '+447700900123', phoneCode: null });
    expect(isMobileEntry('+4477')).toBe(true);
    expect(isMobileEntry('77a')).toBe(false);
  });

  it("answers the shared rules' messages by field, and nothing for a valid brand", () => {
    expect(brandFormErrors(brandBody('Acme Foods', 'hello@acme.test', ''))).toEqual({});
    expect(brandFormErrors(brandBody('Acme Foods', '7700900123', '44'))).toEqual({});
    expect(brandFormErrors(brandBody('', '', ''))).toEqual({
      name: ADMIN_MSG.brandNameRequired,
      contact: ADMIN_MSG.brandContactRequired,
    });
    expect(brandFormErrors(brandBody('Acme', 'hello@', ''))).toEqual({ contact: MSG.emailInvalid });
    expect(brandFormErrors(brandBody('Acme', '7700900123', ''))).toEqual({ contact: MSG.phoneCodeRequired });
  });
});
