/** What each recorded action reads as in the audit log; an action not listed reads from its own name. */
const ACTION_LABELS: Record<string, string> = {
  'user.deactivate': 'Deactivated an account',
  'user.reactivate': 'Reactivated an account',
  'admin.create': 'Made an admin (command line)',
  'admin.invite': 'Invited an admin',
  'brand.create': 'Created a brand account',
  'brand.invite': 'Sent a brand a new invitation',
  'admin.deactivate': 'Deactivated an admin',
  'admin.reactivate': 'Reactivated an admin',
};

/** 'user.deactivate' → its label; an unknown 'plan_price.update' → 'Plan price update'. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? sentence(action.replace(/[._-]+/g, ' '));
}

const TARGET_LABELS: Record<string, string> = { user: 'Account', news: 'News article' };

/** The kind of record an audit row is about, as a word: 'user' → 'Account', 'plan_price' → 'Plan price'. */
export function targetLabel(targetType: string): string {
  return TARGET_LABELS[targetType] ?? fieldLabel(targetType);
}

/** 'userStatus' → 'User status'; 'plan_type' → 'Plan type'. */
export function fieldLabel(key: string): string {
  return sentence(
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[._-]+/g, ' ')
      .toLowerCase(),
  );
}

const sentence = (text: string) => {
  const t = text.trim();
  return t ? t[0].toUpperCase() + t.slice(1) : t;
};

/** A value as a person reads it: Yes/No, — for nothing, lists joined, objects as key: value. */
export function formatValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.length ? v.map(formatValue).join(', ') : '—';
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${fieldLabel(k)}: ${formatValue(x)}`)
      .join('; ');
  return String(v);
}

/** Account types in words: what an audit row keeps of `profileType`. */
const ACCOUNT_TYPE_WORDS: Record<string, string> = {
  ADMIN: 'Admin',
  INFLUENCER: 'Influencer',
  BUSINESS: 'Business',
  BRANDS: 'Brand',
  IMC: 'IMC',
  BUSINESS_MANAGER: 'Business Manager',
};

const formatField = (key: string, v: unknown) =>
  key === 'profileType' && typeof v === 'string' ? (ACCOUNT_TYPE_WORDS[v] ?? v) : formatValue(v);

export type TAuditChange = { field: string; before: string; after: string };

/** The fields whose value reads differently before and after (a field only on one side counts), in a stable order. */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): TAuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const out: TAuditChange[] = [];
  for (const k of keys) {
    const b = formatField(k, before?.[k]);
    const a = formatField(k, after?.[k]);
    if (b === a) continue;
    out.push({ field: fieldLabel(k), before: b, after: a });
  }
  return out;
}
