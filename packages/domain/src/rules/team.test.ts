import { describe, expect, it } from 'vitest';
import { GENDERS } from '../enums';
import { INVITE_TTL_DAYS, subUserSchema, TEAM_MSG, TEAM_PAGE_SIZE, zRoleForm } from './team';

/** Fixed "today" (yyyy-MM-dd is passed in, never read from the clock). */
const TODAY = '2025-06-15';
const create = subUserSchema('create', TODAY);
const update = subUserSchema('update', TODAY);

const VALID = {
  name: 'Mia Manager',
  userName: 'mia.m',
  email: 'mia@example.com',
  mobileNumber: '9876501234',
  dateOfBirth: '1995-04-02',
  gender: 'female',
  roleId: 'r1',
};

type TSchema = typeof create | typeof zRoleForm;
/** The message of the first issue on `field`, or null when the field has none. */
function issueOn(schema: TSchema, input: Record<string, unknown>, field: string): string | null {
  const r = schema.safeParse(input);
  if (r.success) return null;
  return r.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}
const withField = (field: string, value: unknown) => ({ ...VALID, [field]: value });
const without = (field: string) => Object.fromEntries(Object.entries(VALID).filter(([k]) => k !== field));

describe('constants', () => {
  it('sub-user and role tables show 10 a page; invitations last 7 days', () => {
    expect(TEAM_PAGE_SIZE).toBe(10);
    expect(INVITE_TTL_DAYS).toBe(7);
  });
});

describe('the sub-user form', () => {
  it('accepts a complete, valid form on both screens, lower-casing the e-mail', () => {
    for (const s of [create, update]) {
      const r = s.safeParse({ ...VALID, email: 'Mia@Example.COM' });
      expect(r.success).toBe(true);
      expect(r.data?.email).toBe('mia@example.com');
    }
  });

  describe("name: min 3 ('Name must be at least 3 characters'); required", () => {
    it('two characters are refused with its own message, three accepted', () => {
      for (const s of [create, update]) {
        expect(issueOn(s, withField('name', 'Al'), 'name')).toBe('Name must be at least 3 characters');
        expect(issueOn(s, withField('name', 'Ali'), 'name')).toBeNull();
      }
    });
    it('blank spaces around do not count toward the length', () => {
      expect(issueOn(create, withField('name', '  Al  '), 'name')).toBe('Name must be at least 3 characters');
    });
    it('is required', () => {
      expect(issueOn(create, without('name'), 'name')).toBe(TEAM_MSG.nameRequired);
      expect(issueOn(create, withField('name', ''), 'name')).toBe(TEAM_MSG.nameRequired);
      expect(issueOn(create, withField('name', '   '), 'name')).toBe(TEAM_MSG.nameRequired);
    });
    it('is at most 40 characters, said as such', () => {
      expect(issueOn(create, withField('name', 'a'.repeat(40)), 'name')).toBeNull();
      expect(issueOn(create, withField('name', 'a'.repeat(41)), 'name')).toBe('Name must be at most 40 characters');
    });
  });

  describe("email: valid ('Invalid email address' on one form, 'Email is not valid' on the other); required", () => {
    it("the create form says 'Invalid email address'", () => {
      for (const bad of ['mia', 'mia@', 'mia@example', '@example.com', 'mia example@x.com'])
        expect(issueOn(create, withField('email', bad), 'email')).toBe('Invalid email address');
    });
    it("the update form says 'Email is not valid'", () => {
      for (const bad of ['mia', 'mia@', 'mia@example', '@example.com'])
        expect(issueOn(update, withField('email', bad), 'email')).toBe('Email is not valid');
    });
    it('is at most 60 characters', () => {
      const at60 = `${'a'.repeat(48)}@example.com`;
      expect(at60).toHaveLength(60);
      expect(issueOn(create, withField('email', at60), 'email')).toBeNull();
      expect(issueOn(create, withField('email', `a${at60}`), 'email')).toBe('Invalid email address');
      expect(issueOn(update, withField('email', `a${at60}`), 'email')).toBe('Email is not valid');
    });
    it('is required', () => {
      expect(issueOn(create, without('email'), 'email')).toBe(TEAM_MSG.emailRequired);
      expect(issueOn(create, withField('email', ''), 'email')).toBe(TEAM_MSG.emailRequired);
    });
  });

  describe("mobile: 10 digits ('Mobile number must be 10 digits')", () => {
    it('exactly ten digits pass', () => {
      expect(issueOn(create, withField('mobileNumber', '0123456789'), 'mobileNumber')).toBeNull();
    });
    it.each([['987650123'], ['98765012345'], ['98765o1234'], ['98765 1234'], ['+919876501'], ['']])('%j is refused', (v) => {
      expect(issueOn(create, withField('mobileNumber', v), 'mobileNumber')).toBe('Mobile number must be 10 digits');
      expect(issueOn(update, withField('mobileNumber', v), 'mobileNumber')).toBe('Mobile number must be 10 digits');
    });
    it('is required, with the same message', () => {
      expect(issueOn(create, without('mobileNumber'), 'mobileNumber')).toBe('Mobile number must be 10 digits');
    });
  });

  describe("dateOfBirth: not in the future ('Date of Birth cannot be in the future')", () => {
    it('today is allowed', () => {
      expect(issueOn(create, withField('dateOfBirth', TODAY), 'dateOfBirth')).toBeNull();
      expect(issueOn(update, withField('dateOfBirth', TODAY), 'dateOfBirth')).toBeNull();
    });
    it('tomorrow is refused, and any later day', () => {
      for (const s of [create, update]) {
        expect(issueOn(s, withField('dateOfBirth', '2025-06-16'), 'dateOfBirth')).toBe('Date of Birth cannot be in the future');
        expect(issueOn(s, withField('dateOfBirth', '2030-01-01'), 'dateOfBirth')).toBe('Date of Birth cannot be in the future');
      }
    });
    it("today is the one passed in: tomorrow's date is allowed once that day comes", () => {
      expect(issueOn(subUserSchema('create', '2025-06-16'), withField('dateOfBirth', '2025-06-16'), 'dateOfBirth')).toBeNull();
    });
    it("a date that is not yyyy-MM-dd, or not a real day, is 'Invalid Date of Birth'", () => {
      for (const bad of ['02/04/1995', '1995-4-2', 'yesterday', '', '1995-02-30', '1995-13-01'])
        expect(issueOn(create, withField('dateOfBirth', bad), 'dateOfBirth')).toBe('Invalid Date of Birth');
      expect(issueOn(create, without('dateOfBirth'), 'dateOfBirth')).toBe('Invalid Date of Birth');
    });
    it("a birth year before 1900 is 'Invalid Date of Birth'; 1 January 1900 is accepted", () => {
      for (const s of [create, update]) {
        expect(issueOn(s, withField('dateOfBirth', '1899-12-31'), 'dateOfBirth')).toBe('Invalid Date of Birth');
        expect(issueOn(s, withField('dateOfBirth', '0001-01-01'), 'dateOfBirth')).toBe('Invalid Date of Birth');
        expect(issueOn(s, withField('dateOfBirth', '1900-01-01'), 'dateOfBirth')).toBeNull();
      }
    });
  });

  describe("gender: required ('Gender is required')", () => {
    it('each of the code table values passes (male, female, transgender)', () => {
      for (const g of GENDERS) expect(issueOn(create, withField('gender', g), 'gender')).toBeNull();
    });
    it('missing, empty or unknown is refused', () => {
      expect(issueOn(create, without('gender'), 'gender')).toBe('Gender is required');
      expect(issueOn(create, withField('gender', ''), 'gender')).toBe('Gender is required');
      expect(issueOn(update, withField('gender', 'other'), 'gender')).toBe('Gender is required');
    });
  });

  describe("role: 'Please select a role'", () => {
    it('missing or empty is refused', () => {
      expect(issueOn(create, without('roleId'), 'roleId')).toBe('Please select a role');
      expect(issueOn(create, withField('roleId', ''), 'roleId')).toBe('Please select a role');
      expect(issueOn(update, withField('roleId', ''), 'roleId')).toBe('Please select a role');
    });
  });

  describe('userName: required, max 20', () => {
    it('20 characters pass, 21 are refused', () => {
      expect(issueOn(create, withField('userName', 'u'.repeat(20)), 'userName')).toBeNull();
      expect(issueOn(create, withField('userName', 'u'.repeat(21)), 'userName')).toBe('Username must be at most 20 characters');
      expect(issueOn(update, withField('userName', 'u'.repeat(21)), 'userName')).toBe('Username must be at most 20 characters');
    });
    it('is required', () => {
      expect(issueOn(create, without('userName'), 'userName')).toBe('Please enter your Username');
      expect(issueOn(create, withField('userName', ''), 'userName')).toBe('Please enter your Username');
    });
    it('cannot contain spaces (as the profile username)', () => {
      expect(issueOn(create, withField('userName', 'mia m'), 'userName')).toBe('Username cannot contain spaces');
    });
  });

  it('a wholly empty form names every required field', () => {
    const r = create.safeParse({});
    expect(r.success).toBe(false);
    const fields = new Set(r.error?.issues.map((i) => i.path[0]));
    for (const f of ['name', 'userName', 'email', 'mobileNumber', 'dateOfBirth', 'gender', 'roleId']) expect(fields).toContain(f);
  });
});

describe('the role form', () => {
  it('accepts a name and a description, trimmed', () => {
    const r = zRoleForm.safeParse({ roleName: '  Social lead ', roleDesc: ' Posts and schedules ' });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ roleName: 'Social lead', roleDesc: 'Posts and schedules' });
  });
  it("roleName required ('Role Name is required')", () => {
    expect(issueOn(zRoleForm, { roleDesc: 'x' }, 'roleName')).toBe('Role Name is required');
    expect(issueOn(zRoleForm, { roleName: '', roleDesc: 'x' }, 'roleName')).toBe('Role Name is required');
    expect(issueOn(zRoleForm, { roleName: '   ', roleDesc: 'x' }, 'roleName')).toBe('Role Name is required');
  });
  it("roleDesc required ('Role Description is required')", () => {
    expect(issueOn(zRoleForm, { roleName: 'x' }, 'roleDesc')).toBe('Role Description is required');
    expect(issueOn(zRoleForm, { roleName: 'x', roleDesc: '' }, 'roleDesc')).toBe('Role Description is required');
    expect(issueOn(zRoleForm, { roleName: 'x', roleDesc: ' \t ' }, 'roleDesc')).toBe('Role Description is required');
  });
  it('both missing: both messages', () => {
    const r = zRoleForm.safeParse({});
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Role Name is required', 'Role Description is required']);
  });
  it('names up to 50 and descriptions up to 250 characters', () => {
    expect(zRoleForm.safeParse({ roleName: 'n'.repeat(50), roleDesc: 'd'.repeat(250) }).success).toBe(true);
    expect(issueOn(zRoleForm, { roleName: 'n'.repeat(51), roleDesc: 'd' }, 'roleName')).toBe(
      'Role Name must be at most 50 characters',
    );
    expect(issueOn(zRoleForm, { roleName: 'n', roleDesc: 'd'.repeat(251) }, 'roleDesc')).toBe(
      'Role Description must be at most 250 characters',
    );
  });
});

describe('messages the team screens show', () => {
  it('spelled exactly as shown to users', () => {
    expect(TEAM_MSG).toMatchObject({
      roleAdded: 'Role Added Successfully!',
      roleUpdated: 'Role Updated Successfully!',
      permissionsAssigned: 'Permissions assigned successfully',
      subUserAdded: 'Sub-user added successfully',
      userUpdated: 'User updated successfully',
      userDeleted: 'User Deleted successfully',
      userActivated: 'User activated successfully',
      userDeactivated: 'User deactivated successfully',
      userNotSelected: 'No user selected for deletion.',
      userNotAvailable: 'User data is not available.',
      noUsers: 'No users found',
    });
  });
  it('refusing to delete a held role names how many hold it', () => {
    expect(TEAM_MSG.roleInUse(1)).toBe('This role cannot be deleted: 1 sub-user holds it');
    expect(TEAM_MSG.roleInUse(3)).toBe('This role cannot be deleted: 3 sub-users hold it');
  });
});
