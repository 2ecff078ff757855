import type { AudienceRule } from '@plinth/contract';
import { describe, expect, it } from 'vitest';
import { checkRules, matchesAudience, parseVisitor } from './audience-rules.js';

const visitor = (entries: Record<string, string>) => new Map(Object.entries(entries));
const one = (rule: AudienceRule) => ({ match: 'all' as const, rules: [rule] });

describe('audience rules', () => {
  it.each([
    // [rule, visitor, matches]
    [{ attribute: 'country', op: 'eq', value: 'FR' }, { country: 'fr' }, true],
    [{ attribute: 'country', op: 'eq', value: 'FR' }, { country: 'DE' }, false],
    [{ attribute: 'country', op: 'eq', value: 'FR' }, {}, false],
    [{ attribute: 'language', op: 'ne', value: 'en' }, { language: 'fr' }, true],
    [{ attribute: 'language', op: 'ne', value: 'en' }, { language: 'EN' }, false],
    [{ attribute: 'language', op: 'ne', value: 'en' }, {}, true],
    [{ attribute: 'device', op: 'in', value: ['mobile', 'tablet'] }, { device: 'tablet' }, true],
    [{ attribute: 'device', op: 'in', value: ['mobile', 'tablet'] }, { device: 'desktop' }, false],
    [{ attribute: 'utm_source', op: 'contains', value: 'news' }, { utm_source: 'Newsletter-May' }, true],
    [{ attribute: 'utm_source', op: 'contains', value: 'news' }, { utm_source: 'ads' }, false],
    [{ attribute: 'utm_campaign', op: 'exists', value: true }, { utm_campaign: 'spring' }, true],
    [{ attribute: 'utm_campaign', op: 'exists', value: true }, {}, false],
    [{ attribute: 'utm_campaign', op: 'exists', value: false }, {}, true],
    [{ attribute: 'utm_campaign', op: 'exists', value: false }, { utm_campaign: 'spring' }, false],
    [{ attribute: 'referrer', op: 'contains', value: 'google.' }, { referrer: 'https://www.google.com/' }, true],
    [{ attribute: 'custom.plan', op: 'eq', value: 'pro' }, { 'custom.plan': 'pro' }, true],
    [{ attribute: 'custom.plan', op: 'eq', value: 'pro' }, { 'custom.tier': 'pro' }, false],
  ] as [AudienceRule, Record<string, string>, boolean][])('%o for %o: %s', (rule, attributes, expected) => {
    expect(matchesAudience(one(rule), visitor(attributes))).toBe(expected);
  });

  it('needs every rule with all, one with any, and takes everyone without rules', () => {
    const rules: AudienceRule[] = [
      { attribute: 'country', op: 'eq', value: 'FR' },
      { attribute: 'device', op: 'eq', value: 'mobile' },
    ];
    const frDesktop = visitor({ country: 'FR', device: 'desktop' });
    expect(matchesAudience({ match: 'all', rules }, frDesktop)).toBe(false);
    expect(matchesAudience({ match: 'any', rules }, frDesktop)).toBe(true);
    expect(matchesAudience({ match: 'any', rules }, visitor({ country: 'DE' }))).toBe(false);
    expect(matchesAudience({ match: 'all', rules: [] }, visitor({}))).toBe(true);
  });

  it('checks values against operators and devices', () => {
    expect(() => checkRules([{ attribute: 'country', op: 'in', value: 'FR' }])).toThrow(/rules.0.value/);
    expect(() => checkRules([{ attribute: 'country', op: 'exists', value: 'yes' }])).toThrow(/true or false/);
    expect(() => checkRules([{ attribute: 'country', op: 'eq', value: ['FR'] }])).toThrow(/string/);
    expect(() => checkRules([{ attribute: 'device', op: 'eq', value: 'watch' }])).toThrow(/mobile, tablet, desktop/);
    expect(() => checkRules([{ attribute: 'device', op: 'in', value: ['mobile', 'Tablet'] }])).not.toThrow();
  });

  it('reads visitors from the query and the header, the query first', () => {
    const parsed = parseVisitor(
      { 'visitor[country]': 'FR', 'visitor[custom.plan]': 'pro', limit: 3 },
      'country=DE; device=mobile;referrer=https%3A%2F%2Fexample.com',
    );
    expect(Object.fromEntries(parsed ?? [])).toEqual({
      country: 'FR',
      device: 'mobile',
      referrer: 'https://example.com',
      'custom.plan': 'pro',
    });
    expect(parseVisitor({ sort: 'title' }, undefined)).toBeNull();
    expect(() => parseVisitor({ 'visitor[planet]': 'mars' }, undefined)).toThrow(/not a visitor attribute/);
    expect(() => parseVisitor({}, 'device=watch')).toThrow(/mobile, tablet, desktop/);
    expect(() => parseVisitor({}, 'country')).toThrow(/name=value/);
  });
});
