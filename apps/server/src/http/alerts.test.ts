import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildTestApp, type TTestApp } from '../test/helpers';

// The alert rules an operator loads (deploy/alerts.yml) name only metrics the product exposes, so none of them
// watches a series that never exists.

const RULES = path.resolve(import.meta.dirname, '../../../../deploy/alerts.yml');
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('deploy/alerts.yml', () => {
  it('is a rules file whose every alert has an expression, a severity and words, over metrics /metrics exposes', async () => {
    const doc = parse(readFileSync(RULES, 'utf8')) as {
      groups: {
        name: string;
        rules: { alert: string; expr: string; labels: { severity: string }; annotations: Record<string, string> }[];
      }[];
    };
    const rules = doc.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'ViralityPostsLate',
        'ViralityPublishFailing',
        'ViralityQueueGrowing',
        'ViralityLedgerCheckFailed',
      ]),
    );
    const exposed = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const families = new Set([...exposed.matchAll(/^# TYPE (\S+) (\w+)/gm)].map((m) => m[1]));
    for (const rule of rules) {
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.description, rule.alert).toBeTruthy();
      for (const [name] of rule.expr.matchAll(/\bvirality_[a-z_]+/g)) {
        const family = name.replace(/_(bucket|sum|count)$/, '');
        expect(families.has(family), `${rule.alert} reads ${name}, which /metrics does not expose`).toBe(true);
      }
    }
  });
});
