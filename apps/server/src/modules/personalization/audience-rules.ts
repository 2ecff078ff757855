import {
  type AudienceRule,
  MAX_VISITOR_VALUE_LENGTH,
  VISITOR_ATTRIBUTE_PATTERN,
  VISITOR_DEVICES,
} from '@plinth/contract';
import { AppError, fieldError } from '../../lib/errors.js';

/** A visitor's attributes by name (`country`, `custom.plan`…), as a read sent them. */
export type VisitorAttributes = ReadonlyMap<string, string>;

/** What an audience needs to be matched against a visitor. */
export interface AudienceMatcher {
  match: 'all' | 'any';
  rules: readonly AudienceRule[];
}

const ATTRIBUTE = new RegExp(VISITOR_ATTRIBUTE_PATTERN);
const DEVICES: readonly string[] = VISITOR_DEVICES;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The rules' values checked against their operator (the schema checks their shapes): `in` takes
 * an array of strings, `exists` a boolean, the others one string, and `device` names a known
 * device. A 400 with a detail per problem.
 */
export function checkRules(rules: readonly AudienceRule[]): void {
  const problems: { path: string; message: string }[] = [];
  rules.forEach((rule, index) => {
    const path = `rules.${index}.value`;
    const { op, value } = rule;
    if (op === 'in' && !Array.isArray(value)) problems.push({ path, message: 'must be an array of strings for in' });
    else if (op === 'exists' && typeof value !== 'boolean')
      problems.push({ path, message: 'must be true or false for exists' });
    else if (op !== 'in' && op !== 'exists' && typeof value !== 'string') {
      problems.push({ path, message: `must be a string for ${op}` });
    } else if (rule.attribute === 'device' && op !== 'exists' && op !== 'contains') {
      const values = Array.isArray(value) ? value : [String(value)];
      const unknown = values.find((device) => !DEVICES.some((known) => same(known, device)));
      if (unknown !== undefined) problems.push({ path, message: `must be one of ${DEVICES.join(', ')}` });
    }
  });
  const [first] = problems;
  if (first) throw new AppError('VALIDATION_FAILED', `${first.path} ${first.message}`, problems);
}

/** Whether one rule holds for the visitor. Text compares without regard to case. */
function holds(rule: AudienceRule, visitor: VisitorAttributes): boolean {
  const actual = visitor.get(rule.attribute);
  const { value } = rule;
  switch (rule.op) {
    case 'exists':
      return (actual !== undefined && actual !== '') === value;
    case 'eq':
      return actual !== undefined && typeof value === 'string' && same(actual, value);
    case 'ne':
      return actual === undefined || typeof value !== 'string' || !same(actual, value);
    case 'in':
      return actual !== undefined && Array.isArray(value) && value.some((candidate) => same(actual, candidate));
    case 'contains':
      return actual !== undefined && typeof value === 'string' && actual.toLowerCase().includes(value.toLowerCase());
  }
}

/**
 * Whether a visitor belongs to an audience: every rule holds (`all`) or one does (`any`). An
 * audience without rules takes every visitor.
 * @example matchesAudience({ match: 'all', rules: [{ attribute: 'country', op: 'eq', value: 'FR' }] }, new Map([['country', 'fr']])) // true
 */
export function matchesAudience(audience: AudienceMatcher, visitor: VisitorAttributes): boolean {
  if (audience.rules.length === 0) return true;
  return audience.match === 'all'
    ? audience.rules.every((rule) => holds(rule, visitor))
    : audience.rules.some((rule) => holds(rule, visitor));
}

const QUERY_KEY = /^visitor\[(.*)\]$/;
export const VISITOR_HEADER = 'x-plinth-visitor';

/**
 * The visitor attributes a read sends: `visitor[name]=value` query parameters, and the
 * `X-Plinth-Visitor: name=value;name=value` header (values may be percent-encoded); the query
 * wins over the header for the same name. An unknown attribute, a malformed header or an
 * unknown device is a 400. Null when the read sends none.
 * @example parseVisitor({ 'visitor[country]': 'FR' }, 'device=mobile') // Map { 'device' => 'mobile', 'country' => 'FR' }
 */
export function parseVisitor(query: Record<string, unknown>, header: string | undefined): VisitorAttributes | null {
  const visitor = new Map<string, string>();
  const put = (name: string, value: string, label: string) => {
    if (!ATTRIBUTE.test(name)) {
      throw fieldError(
        label,
        'is not a visitor attribute (country, language, device, utm_source, utm_campaign, referrer or custom.<name>)',
      );
    }
    if (value.length > MAX_VISITOR_VALUE_LENGTH)
      throw fieldError(label, `must be at most ${MAX_VISITOR_VALUE_LENGTH} characters`);
    if (name === 'device' && !DEVICES.some((device) => same(device, value))) {
      throw fieldError(label, `must be one of ${DEVICES.join(', ')}`);
    }
    visitor.set(name, value);
  };
  if (header !== undefined && header.trim() !== '') {
    for (const part of header.split(';')) {
      if (part.trim() === '') continue;
      const at = part.indexOf('=');
      if (at < 1) throw fieldError('X-Plinth-Visitor', 'must look like name=value;name=value');
      let value = part.slice(at + 1).trim();
      try {
        value = decodeURIComponent(value);
      } catch {
        throw fieldError('X-Plinth-Visitor', 'holds a badly percent-encoded value');
      }
      put(part.slice(0, at).trim(), value, 'X-Plinth-Visitor');
    }
  }
  for (const [key, raw] of Object.entries(query)) {
    const name = QUERY_KEY.exec(key)?.[1];
    if (name === undefined) continue;
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    if (typeof value !== 'string') throw fieldError(key, 'must have a value');
    put(name, value, key);
  }
  const sent = header !== undefined || Object.keys(query).some((key) => QUERY_KEY.test(key));
  return sent ? visitor : null;
}
