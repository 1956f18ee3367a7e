/**
 * The key for fingerprints and pseudonyms that leave this machine. The host's `traceSalt` wins
 * when it is non-empty text (spec 02, rule 3: anything else is not used); otherwise a key is
 * generated once in `.svc/local/private/trace-salt` (mode 0600, never overwritten) and read
 * from there ever after, so the same question yields the same keyed value on one install.
 *
 * The keyed question fingerprint is HMAC-SHA256(key, normalised question), hex, tagged
 * `hmac-sha256:`. The key is the salt text as UTF-8. The local store keeps the same keyed
 * fingerprint (never a bare hash a guessed question could be checked against offline), so one
 * project groups repeated questions and two projects' stores never match.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileExistsError, writeFileOnce } from './atomic-write.js';
import { normaliseQuestion } from './content.js';

export const SALT_FILE = join('.svc', 'local', 'private', 'trace-salt');
const SALT_TEXT = /^[0-9a-f]{64}$/;

export function saltPath(root: string): string {
  return join(root, SALT_FILE);
}

function readSalt(path: string): string {
  const text = readFileSync(path, 'utf8').trim();
  // A damaged salt is never replaced (that would re-key every earlier export); it is refused.
  if (!SALT_TEXT.test(text)) throw new Error('trace salt file is not a 64-character hex key');
  return text;
}

/** The install's salt, created on first use. Throws when the file cannot be made or read. */
export function installSalt(root: string): string {
  const path = saltPath(root);
  try {
    return readSalt(path);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const dir = join(root, '.svc', 'local', 'private');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // best effort on file systems without modes; the file itself is 0600
  }
  try {
    writeFileOnce(path, `${randomBytes(32).toString('hex')}\n`, 0o600);
  } catch (error) {
    // another process created it between our read and write: use theirs
    if (!(error instanceof FileExistsError)) throw error;
  }
  return readSalt(path);
}

/** The host salt when usable, else the install salt (undefined when that cannot be had). */
export function resolveSalt(root: string, hostSalt?: unknown): string | undefined {
  if (typeof hostSalt === 'string' && hostSalt.length > 0) return hostSalt;
  try {
    return installSalt(root);
  } catch {
    return undefined;
  }
}

/**
 * Fingerprints worked out lately, by key and then by question: a question asked again (most are)
 * costs a map lookup instead of a new HMAC. Bounded in keys, entries and question length, oldest
 * out first; held in memory only, beside the router's own memo of the same questions.
 */
const FINGERPRINTS = new Map<string, Map<string, string>>();
const KEYS_KEPT = 4;
const FINGERPRINTS_KEPT = 1024;
const FINGERPRINTED_CHARS = 256;

export function keyedFingerprint(salt: string, question: string): string {
  if (question.length > FINGERPRINTED_CHARS) return hmacOf(salt, question);
  let memo = FINGERPRINTS.get(salt);
  if (memo === undefined) {
    if (FINGERPRINTS.size >= KEYS_KEPT) FINGERPRINTS.delete(FINGERPRINTS.keys().next().value as string);
    memo = new Map();
    FINGERPRINTS.set(salt, memo);
  }
  const known = memo.get(question);
  if (known !== undefined) return known;
  const value = hmacOf(salt, question);
  if (memo.size >= FINGERPRINTS_KEPT) memo.delete(memo.keys().next().value as string);
  memo.set(question, value);
  return value;
}

function hmacOf(salt: string, question: string): string {
  return `hmac-sha256:${createHmac('sha256', salt).update(normaliseQuestion(question)).digest('hex')}`;
}

/** A stable pseudonym for an identifier of `kind`; unlinkable without the salt. */
export function pseudonym(salt: string, kind: string, id: string): string {
  return createHmac('sha256', salt).update(`svc-pseudonym/1\u0000${kind}\u0000${id}`).digest('hex').slice(0, 16);
}
