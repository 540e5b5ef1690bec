import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import { INDUSTRIES } from './industries';
import { INTERESTS } from './interests';

describe('INDUSTRIES (LinkedIn industry taxonomy)', () => {
  it('is the classic list of 147 names (codes 1-148, code 2 unused)', () => {
    expect(INDUSTRIES).toHaveLength(147);
  });
  it('has unique, trimmed, non-empty names in A-Z order', () => {
    expect(new Set(INDUSTRIES).size).toBe(INDUSTRIES.length);
    for (const name of INDUSTRIES) expect(name.trim()).toBe(name);
    expect([...INDUSTRIES].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual([...INDUSTRIES]);
  });
  it('holds the familiar names', () => {
    for (const name of [
      'Accounting',
      'Airlines/Aviation',
      'Alternative Dispute Resolution',
      'Apparel & Fashion',
      'Computer Software',
      'Information Technology and Services',
      'Leisure, Travel & Tourism',
      'Marketing and Advertising',
      'Government Relations',
      'Wireless',
      'Writing and Editing',
    ]) {
      expect(INDUSTRIES, name).toContain(name);
    }
  });
  it('fits the profile field (industryType max 120)', () => {
    for (const name of INDUSTRIES) expect(name.length).toBeLessThanOrEqual(120);
  });
});

describe('INTERESTS (content niches)', () => {
  it('has about 30 niches', () => {
    expect(INTERESTS.length).toBeGreaterThanOrEqual(25);
    expect(INTERESTS.length).toBeLessThanOrEqual(35);
  });
  it('has unique kebab-case ids and unique non-empty values', () => {
    expect(new Set(INTERESTS.map((i) => i.id)).size).toBe(INTERESTS.length);
    expect(new Set(INTERESTS.map((i) => i.value)).size).toBe(INTERESTS.length);
    for (const { id, value } of INTERESTS) {
      expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(value.trim()).toBe(value);
      expect(value.length).toBeGreaterThan(0);
    }
  });
  it('holds every niche the product offers', () => {
    const ids = INTERESTS.map((i) => i.id);
    for (const id of ['fashion', 'travel', 'food', 'fitness', 'tech', 'gaming', 'beauty', 'music']) expect(ids, id).toContain(id);
  });
});

describe('package index', () => {
  it('exports both lists', () => {
    expect(domain.INDUSTRIES).toBe(INDUSTRIES);
    expect(domain.INTERESTS).toBe(INTERESTS);
  });
});
