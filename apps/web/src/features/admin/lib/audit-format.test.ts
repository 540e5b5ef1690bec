import { describe, expect, it } from 'vitest';
import { actionLabel, auditChanges, fieldLabel, formatValue, targetLabel } from './audit-format';

describe('the audit log reads as plain words', () => {
  it('names known actions, and any other from its own name', () => {
    expect(actionLabel('user.deactivate')).toBe('Deactivated an account');
    expect(actionLabel('plan_price.update')).toBe('Plan price update');
  });

  it('names the kind of record in words', () => {
    expect(targetLabel('user')).toBe('Account');
    expect(targetLabel('plan_price')).toBe('Plan price');
  });

  it('names fields in words', () => {
    expect(fieldLabel('userStatus')).toBe('User status');
    expect(fieldLabel('plan_type')).toBe('Plan type');
  });

  it('shows yes/no, a dash for nothing, lists and objects', () => {
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(['a', 'b'])).toBe('a, b');
    expect(formatValue({ usd: 10 })).toBe('Usd: 10');
  });

  it('lists only what changed, fields on one side included', () => {
    expect(auditChanges({ userStatus: true, email: 'a@x.io' }, { userStatus: false, email: 'a@x.io', remarks: 'spam' })).toEqual([
      { field: 'User status', before: 'Yes', after: 'No' },
      { field: 'Remarks', before: '—', after: 'spam' },
    ]);
    expect(auditChanges(null, { email: 'b@x.io', name: null, profileType: 'ADMIN' })).toEqual([
      { field: 'Email', before: '—', after: 'b@x.io' },
      { field: 'Profile type', before: '—', after: 'Admin' },
    ]);
  });
});
