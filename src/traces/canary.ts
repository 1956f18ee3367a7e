/**
 * The defensive redaction canary: finds text that looks like a secret, SQL, a URL or a local
 * path anywhere in a value (object keys included). The trace content model already refuses
 * such text on the way in; the canary runs again over every export, so a bug upstream fails
 * the export (TRACE_EXPORT_REDACTION_FAILED) instead of leaking. A finding names the category,
 * the rule and the JSON pointer, never the matched text.
 */

export type LeakCategory = 'secret' | 'sql' | 'url' | 'path';

export interface LeakFinding {
  category: LeakCategory;
  rule: string;
  /** JSON pointer of the string inside the scanned value ('' for a bare string). */
  pointer: string;
}

interface Rule {
  category: LeakCategory;
  rule: string;
  test: (text: string) => boolean;
}

const re = (category: LeakCategory, rule: string, pattern: RegExp): Rule => ({ category, rule, test: (text) => pattern.test(text) });

/** Token of 32+ base64-ish characters mixing upper case, lower case and digits (hex is allowed). */
function highEntropy(text: string): boolean {
  for (const token of text.match(/[A-Za-z0-9+/_=-]{32,}/g) ?? []) {
    if (/[A-Z]/.test(token) && /[a-z]/.test(token) && /[0-9]/.test(token)) return true;
  }
  return false;
}

const RULES: readonly Rule[] = [
  re('secret', 'private-key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/),
  re('secret', 'aws-access-key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/),
  re('secret', 'provider-key', /\bsk-[A-Za-z0-9_-]{16,}|\b[spr]k_(?:live|test)_[A-Za-z0-9]{8,}/),
  re('secret', 'github-token', /\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}/),
  re('secret', 'slack-token', /\bxox[abposr]-[A-Za-z0-9-]{10,}/),
  re('secret', 'google-key', /\bAIza[0-9A-Za-z_-]{30,}/),
  re('secret', 'jwt', /\beyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{6,}/),
  re('secret', 'bearer', /\bbearer\s+[A-Za-z0-9._~+/-]{12,}/i),
  re('secret', 'assignment', /\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret)\s*[:=]\s*\S/i),
  { category: 'secret', rule: 'high-entropy', test: highEntropy },
  re('sql', 'select', /\bselect\b[\s\S]{1,400}?\bfrom\b/i),
  re(
    'sql',
    'statement',
    /\b(?:insert\s+into|delete\s+from|drop\s+(?:table|view|schema|index)|alter\s+table|truncate\s+table|union\s+(?:all\s+)?select|attach\s+database)\b/i,
  ),
  re('sql', 'create', /\bcreate\s+(?:or\s+replace\s+)?(?:temp(?:orary)?\s+)?(?:table|view|index)\b/i),
  re('sql', 'update', /\bupdate\s+[\w."`[\]]+\s+set\b/i),
  re('url', 'scheme', /\b[a-z][a-z0-9+.-]{1,20}:\/\/\S/i),
  re('url', 'mailto', /\bmailto:\S/i),
  re('url', 'www', /\bwww\.[a-z0-9-]+\.[a-z]{2,}/i),
  re('url', 'host-port', /\b(?:localhost|(?:\d{1,3}\.){3}\d{1,3}):\d{2,5}\b/i),
  re('path', 'absolute', /(?:^|[\s"'=(,[])~?\/[^\s/"']+\/[^\s"']*/),
  re('path', 'relative', /(?:^|[\s"'=(,[])\.{1,2}\/[^\s"']/),
  re('path', 'segments', /[\w.-]+\/[\w.-]+\/[\w.-]+/),
  re('path', 'file', /[\w.-]+\/[\w-]+\.(?:svc|svcd|sql|db|sqlite|json|ya?ml|csv|env|pem|key|ts|js)\b/i),
  re('path', 'windows', /\b[A-Za-z]:[\\/][^\s"']|\\\\[\w.-]+\\/),
];

/** Every rule the text trips (one finding per rule). */
export function scanText(text: string, pointer = ''): LeakFinding[] {
  const found: LeakFinding[] = [];
  for (const rule of RULES) if (rule.test(text)) found.push({ category: rule.category, rule: rule.rule, pointer });
  return found;
}

/** True when the text trips a secret rule; cheap enough for every code the recorder stores. */
export function looksSecret(text: string): boolean {
  for (const rule of RULES) if (rule.category === 'secret' && rule.test(text)) return true;
  return false;
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Scans every string of a JSON-like value, keys included. */
export function scanValue(value: unknown, pointer = ''): LeakFinding[] {
  if (typeof value === 'string') return scanText(value, pointer);
  if (Array.isArray(value)) return value.flatMap((item, i) => scanValue(item, `${pointer}/${i}`));
  if (value !== null && typeof value === 'object') {
    const found: LeakFinding[] = [];
    for (const [key, item] of Object.entries(value)) {
      const at = `${pointer}/${escapePointer(key)}`;
      found.push(...scanText(key, at), ...scanValue(item, at));
    }
    return found;
  }
  return [];
}
