import { describe, expect, it } from 'vitest';
import { API_KEY_MSG, apiKeyUsedText, mayManageApiKeys, zApiKeyCreate } from './api-keys';

describe('API keys', () => {
  it("an organization's owners make keys; a business's team member and an admin do not", () => {
    for (const type of ['INFLUENCER', 'BUSINESS', 'IMC', 'BRANDS']) expect(mayManageApiKeys(type)).toBe(true);
    for (const type of ['BUSINESS_MANAGER', 'ADMIN', 'nobody']) expect(mayManageApiKeys(type)).toBe(false);
  });

  it('a key is made with a name (trimmed, at most 60 characters) and a scope, read or write', () => {
    expect(zApiKeyCreate.parse({ name: '  Zapier ', scope: 'read' })).toEqual({ name: 'Zapier', scope: 'read' });
    const message = (body: unknown) => zApiKeyCreate.safeParse(body).error?.issues[0]?.message;
    expect(message({ name: '', scope: 'read' })).toBe(API_KEY_MSG.nameRequired);
    expect(message({ name: 'x'.repeat(61), scope: 'read' })).toBe(API_KEY_MSG.nameTooLong);
    expect(message({ name: 'Bot', scope: 'owner' })).toBe(API_KEY_MSG.badScope);
  });

  it("a key's last use reads as people say it", () => {
    const now = new Date('2026-12-07T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(apiKeyUsedText(null, now)).toBe('Never used');
    expect(apiKeyUsedText(ago(20_000), now)).toBe('Used just now');
    expect(apiKeyUsedText(ago(5 * 60_000), now)).toBe('Used 5 min ago');
    expect(apiKeyUsedText(ago(3 * 3_600_000), now)).toBe('Used 3 h ago');
    expect(apiKeyUsedText(ago(2 * 86_400_000), now)).toBe('Used 2 d ago');
  });
});
