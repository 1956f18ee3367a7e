/**
 * A captured draft keeps the question that produced it (it is the review artifact), but never
 * secret-shaped text inside it: keys, tokens, passwords, e-mail addresses, URLs with
 * credentials, card-like and IBAN-like numbers and IP addresses are replaced by a bracketed
 * label before anything is written or named from the question. Masking errs toward masking:
 * a question loses a word sooner than a draft file keeps a secret.
 */

interface MaskRule {
  label: string;
  pattern: RegExp;
}

const RULES: readonly MaskRule[] = [
  { label: '[private key]', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g },
  { label: '[url]', pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s'"]+/gi },
  { label: '[email]', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g },
  { label: '[token]', pattern: /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9._-]+/g },
  {
    label: '[key]',
    pattern:
      /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bsk-[A-Za-z0-9_-]{16,}|\b[spr]k_(?:live|test)_[A-Za-z0-9]{8,}|\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}|\bxox[abposr]-[A-Za-z0-9-]{10,}|\bAIza[0-9A-Za-z_-]{30,}/g,
  },
  { label: '[token]', pattern: /\bbearer\s+[A-Za-z0-9._~+/-]{12,}=*/gi },
  { label: '$1 [secret]', pattern: /\b(password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|token)\s*[:=]\s*\S+/gi },
  { label: '[iban]', pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g },
  { label: '[number]', pattern: /\b(?:\d[ -]?){13,19}\b/g },
  { label: '[ip]', pattern: /\b(?:\d{1,3}\.){3}\d{1,3}\b|\b(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}\b/gi },
  // A long run mixing upper case, lower case and digits is a key of some kind.
  { label: '[secret]', pattern: /\b(?=[A-Za-z0-9+/_=-]*[A-Z])(?=[A-Za-z0-9+/_=-]*[a-z])(?=[A-Za-z0-9+/_=-]*\d)[A-Za-z0-9+/_=-]{24,}/g },
];

/** `question` with every secret-shaped part replaced by its label. */
export function maskSecrets(question: string): string {
  let out = question;
  for (const rule of RULES) out = out.replace(rule.pattern, rule.label);
  return out;
}
