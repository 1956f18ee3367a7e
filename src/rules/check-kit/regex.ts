/**
 * Regexes written in policies. Flags are limited to i, m, s and u: `g` and `y` make
 * `RegExp.test` stateful, which would make a rule's answer depend on what it saw before.
 */
const cache = new Map<string, RegExp>();

export const REGEX_OPTION_PROPERTIES = {
  // Whether the pattern compiles (with its flags) is checked by each check's `validate`,
  // which can quote the engine's own error message.
  pattern: { type: 'string', minLength: 1, description: 'JavaScript regular expression.' },
  flags: { type: 'string', pattern: '^(?!.*(.).*\\1)[imsu]*$', description: 'any of i, m, s, u, each at most once' },
} as const;

/** Compiles (once) the policy's pattern; throws only for patterns validation let through. */
export function policyRegex(pattern: string, flags = ''): RegExp {
  const key = `${flags}/${pattern}`;
  let re = cache.get(key);
  if (re === undefined) {
    re = new RegExp(pattern, flags);
    cache.set(key, re);
  }
  return re;
}

/** The problem with a pattern and flags, or undefined when they compile together. */
export function regexProblem(pattern: unknown, flags: unknown): string | undefined {
  if (typeof pattern !== 'string') return undefined;
  try {
    new RegExp(pattern, typeof flags === 'string' ? flags : '');
    return undefined;
  } catch (e) {
    return `is not a valid regular expression: ${(e as Error).message}`;
  }
}
