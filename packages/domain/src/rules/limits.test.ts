import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  zChangePasswordBody,
  zCreateUserBody,
  zGoogleLoginBody,
  zLoginBody,
  zResetPasswordBody,
  zSendOtpBody,
  zVerifyOtpBody,
} from '../contracts/auth';
import { MSG } from '../messages';
import { DELETE_REMARKS_TOO_LONG, zDeleteRemarks } from './account';
import { zInterestSelection } from './interests';
import { FREE_TEXT_MAX, ID_MAX, IDENTIFIER_FIELD_MAX, LIST_MAX, TEXT_FIELD_MAX, tooLong } from './limits';
import { zAddressFields, zProfileFields } from './profile';
import { subUserSchema, zRoleForm } from './team';

type TDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: TDef } })._zod.def;

/** The paths of every string a client may send through `schema` that has no maximum length. */
function unboundedStrings(schema: z.ZodType, path = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (schema as z.ZodString).maxLength === null ? [path || '(value)'] : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return unboundedStrings(def.innerType!, path);
    case 'pipe': // what the client sends is the input side
      return unboundedStrings(def.in!, path);
    case 'object':
      return Object.entries(def.shape!).flatMap(([k, v]) => unboundedStrings(v, path ? `${path}.${k}` : k));
    case 'array':
      return unboundedStrings(def.element!, `${path}[]`);
    case 'union':
      return def.options!.flatMap((o) => unboundedStrings(o, path));
    default:
      return [];
  }
}

const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  zCreateUserBody,
  zLoginBody,
  zGoogleLoginBody,
  zSendOtpBody,
  zVerifyOtpBody,
  zResetPasswordBody,
  zChangePasswordBody,
  zProfileFields,
  zAddressFields,
  subUserCreate: subUserSchema('create', '2025-06-15'),
  subUserUpdate: subUserSchema('update', '2025-06-15'),
  zRoleForm,
  zDeleteRemarks,
  zInterestSelection,
};

/** The first message on `field` when `schema` reads `input`, or null. */
function messageOn(schema: z.ZodType, input: unknown, field: string): string | null {
  const r = schema.safeParse(input);
  if (r.success) return null;
  return r.error.issues.find((i) => String(i.path[0] ?? '') === field)?.message ?? null;
}
const long = (n: number) => 'a'.repeat(n);

describe('every free-text field a request carries has a length limit', () => {
  it('no string in a request schema of the domain is unbounded', () => {
    const unbounded = Object.entries(REQUEST_SCHEMAS).flatMap(([name, s]) => unboundedStrings(s).map((p) => `${name}.${p}`));
    expect(unbounded).toEqual([]);
  });

  it('the audit itself finds an unbounded string', async () => {
    const { z } = await import('zod');
    expect(unboundedStrings(z.object({ a: z.string().optional(), b: z.array(z.string().max(3)) }))).toEqual(['a']);
  });

  it("an over-long field is refused as '<Field> is too long', or with its own message for that field", () => {
    expect(tooLong('deviceToken')).toBe('deviceToken is too long');
    expect(messageOn(zProfileFields, { name: long(TEXT_FIELD_MAX + 1) }, 'name')).toBe('Name is too long');
    expect(messageOn(zProfileFields, { userName: long(21) }, 'userName')).toBe(MSG.userNameMax);
    expect(messageOn(zProfileFields, { addressLine: long(251) }, 'addressLine')).toBe(MSG.addressMax);
    expect(messageOn(zProfileFields, { pinCode: long(8) }, 'pinCode')).toBe(MSG.pinInvalid);
    expect(messageOn(zProfileFields, { city: long(101) }, 'city')).toBe('City is too long');
    expect(messageOn(zProfileFields, { industryType: long(121) }, 'industryType')).toBe('Industry is too long');
    expect(messageOn(zProfileFields, { dateOfBirth: '1995-04-12T00:00:00Z' }, 'dateOfBirth')).toBe(MSG.dobInvalid);
    expect(messageOn(zProfileFields, { profileImage: `https://x.example/${long(500)}` }, 'profileImage')).toBe(
      'Profile image is too long',
    );
    expect(messageOn(zAddressFields, { country: long(101) }, 'country')).toBe('Country is too long');
  });

  it('limits that fit what the forms allow pass: the longest valid value is not refused', () => {
    expect(
      zProfileFields.safeParse({
        name: long(40),
        userName: long(20),
        addressLine: long(250),
        pinCode: long(7),
        email: `${long(50)}@example.com`,
        dateOfBirth: '1995-04-12',
        profileImage: `https://x.example/${long(400)}`,
      }).success,
    ).toBe(true);
  });

  it('the sub-user form bounds its role id, phone code, mobile and date as well', () => {
    const s = subUserSchema('create', '2025-06-15');
    expect(messageOn(s, { roleId: long(ID_MAX + 1) }, 'roleId')).toBe('roleId is too long');
    expect(messageOn(s, { roleId: long(ID_MAX) }, 'roleId')).toBeNull();
    expect(messageOn(s, { phoneCode: `+${'9'.repeat(20)}` }, 'phoneCode')).toBe(MSG.phoneCodeRequired);
    expect(messageOn(s, { mobileNumber: '9'.repeat(5000) }, 'mobileNumber')).toBe('Mobile number must be 10 digits');
    expect(messageOn(s, { dateOfBirth: `1995-04-02${long(100)}` }, 'dateOfBirth')).toBe(MSG.dobInvalid);
  });

  it('a delete reason is at most 100 characters after collapsing spaces, and at most 500 as sent', () => {
    expect(zDeleteRemarks.safeParse(`${long(50)}${' '.repeat(300)}${long(49)}`).success).toBe(true);
    expect(zDeleteRemarks.safeParse(long(FREE_TEXT_MAX + 1)).error?.issues[0]?.message).toBe(DELETE_REMARKS_TOO_LONG);
    expect(zDeleteRemarks.safeParse(long(101)).error?.issues[0]?.message).toBe(DELETE_REMARKS_TOO_LONG);
  });

  it('the role form keeps its own limits: name 50, description 250', () => {
    expect(messageOn(zRoleForm, { roleName: 'Lead', roleDesc: long(251) }, 'roleDesc')).toBe(
      'Role Description must be at most 250 characters',
    );
    expect(messageOn(zRoleForm, { roleName: long(51), roleDesc: 'x' }, 'roleName')).toBe(
      'Role Name must be at most 50 characters',
    );
  });

  it('an interest id longer than any we have, or too many of them, is an unknown interest', () => {
    const ids = ['fashion', 'beauty', 'travel'];
    expect(zInterestSelection.safeParse(ids).success).toBe(true);
    expect(zInterestSelection.safeParse([...ids, long(ID_MAX + 1)]).error?.issues[0]?.message).toBe(MSG.interestsUnknown);
    const many = Array.from({ length: LIST_MAX + 1 }, (_, i) => `i${i}`);
    expect(zInterestSelection.safeParse(many).error?.issues[0]?.message).toBe(MSG.interestsUnknown);
  });

  it("sign-up, login, OTP and password calls bound every field with the field's own message", () => {
    const tooLongId = `${long(IDENTIFIER_FIELD_MAX)}@example.com`;
    expect(messageOn(zCreateUserBody, { email: tooLongId, password: 'Passw0rd!', profileType: 'INFLUENCER' }, 'email')).toBe(
      MSG.identifierInvalid,
    );
    expect(
      messageOn(
        zCreateUserBody,
        { mobileNumber: '9876543210', phoneCode: `+${'9'.repeat(10)}`, password: 'Passw0rd!', profileType: 'INFLUENCER' },
        'phoneCode',
      ),
    ).toBe(MSG.phoneCodeRequired);
    expect(
      messageOn(
        zChangePasswordBody,
        { oldPassword: 'Passw0rd!', newPassword: 'Passw0rd!1', confirmPassword: long(TEXT_FIELD_MAX + 1) },
        'confirmPassword',
      ),
    ).toBe(MSG.passwordsMustMatch);
    expect(messageOn(zLoginBody, { emailPhone: tooLongId, password: 'Passw0rd!' }, 'emailPhone')).toBe(MSG.identifierInvalid);
    expect(messageOn(zLoginBody, { emailPhone: 'a@example.com', password: 'x', platform: long(33) }, 'platform')).toBe(
      'platform is too long',
    );
    expect(messageOn(zGoogleLoginBody, { email: 'a@example.com', credential: long(5000) }, 'credential')).toBe(
      MSG.googleTokenInvalid,
    );
    expect(messageOn(zSendOtpBody, { email: 'a@example.com', attemptId: long(ID_MAX + 1) }, 'attemptId')).toBe(
      'attemptId is too long',
    );
    expect(messageOn(zVerifyOtpBody, { emailPhone: 'a@example.com', otp: `1234${' '.repeat(100)}` }, 'otp')).toBe(
      MSG.otpInvalidFormat,
    );
    expect(messageOn(zVerifyOtpBody, { emailPhone: 'a@example.com', otp: ' 1234 ' }, 'otp')).toBeNull();
    expect(
      messageOn(zResetPasswordBody, { emailPhone: tooLongId, newPassword: 'Passw0rd!', resetToken: 'x' }, 'emailPhone'),
    ).toBe(MSG.identifierInvalid);
  });
});
