import type { AudienceOperator, AudienceRule } from '@plinth/contract';

const OP_WORDS: Record<AudienceOperator, string> = {
  eq: 'is',
  ne: 'is not',
  in: 'is one of',
  contains: 'contains',
  exists: 'is sent',
};

/** An attribute as people say it: `utm_source` → "utm source", `custom.plan` → "plan". */
export const attributeWords = (attribute: string): string =>
  attribute.startsWith('custom.') ? attribute.slice('custom.'.length) : attribute.replace(/_/g, ' ');

/**
 * One rule in words.
 * @example ruleWords({ attribute: 'country', op: 'eq', value: 'FR' }) // 'country is FR'
 */
export function ruleWords(rule: AudienceRule): string {
  const subject = attributeWords(rule.attribute);
  if (rule.op === 'exists') return rule.value === false ? `${subject} is not sent` : `${subject} is sent`;
  const value = Array.isArray(rule.value) ? rule.value.join(', ') : String(rule.value);
  return `${subject} ${OP_WORDS[rule.op]} ${value}`;
}

/**
 * An audience's rules in words, joined as its `match` says.
 * @example rulesWords(rules, 'all') // 'country is FR and device is mobile'
 */
export function rulesWords(rules: readonly AudienceRule[], match: 'all' | 'any'): string {
  if (rules.length === 0) return 'Every visitor';
  return rules.map(ruleWords).join(match === 'all' ? ' and ' : ' or ');
}
