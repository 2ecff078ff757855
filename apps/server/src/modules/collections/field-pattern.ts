import { RE2JS } from 're2js';

/**
 * Values longer than this are not matched against a `pattern` (they are refused instead): the
 * engine is linear, and this bounds what one value can cost.
 */
export const MAX_PATTERN_INPUT = 10_000;

/** Compiled patterns by source; models are few, so the cache stays small, but it is bounded anyway. */
const compiled = new Map<string, RE2JS>();
const MAX_CACHED = 500;

/**
 * Compiles a field's `pattern` with RE2 (linear-time matching, no backtracking): a pattern such
 * as `^(a+)+$` cannot freeze the server. Throws on a pattern RE2 does not accept (backreferences,
 * lookaround, syntax errors).
 */
function compile(source: string): RE2JS {
  let pattern = compiled.get(source);
  if (!pattern) {
    pattern = RE2JS.compile(source);
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(source, pattern);
  }
  return pattern;
}

/** Why a pattern cannot be used, or null when it can. */
export function patternProblem(source: string): string | null {
  try {
    compile(source);
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    return `is not a valid regular expression (RE2 syntax: no backreferences or lookaround): ${reason}`;
  }
}

/**
 * Whether `value` contains a match of the pattern (like `RegExp.test`).
 * @example matchesPattern('^[A-Z]+$', 'ABC') // true
 */
export const matchesPattern = (source: string, value: string): boolean => compile(source).test(value);
