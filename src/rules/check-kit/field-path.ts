/**
 * How checks read a field out of the facts. A check names a subject (the block by default)
 * and a dotted path, so policy authors write `"field": "owner"` or
 * `"subject": "tile", "field": "source.revision"`.
 */
import type { Facts } from '../facts.js';

export const SUBJECTS = ['app', 'block', 'facts', 'run', 'term', 'tile', 'view'] as const;
export type Subject = (typeof SUBJECTS)[number];

/**
 * Block fields as they are spelled in .svc files, mapped to their compiled names, so a rule
 * may use either spelling.
 */
const BLOCK_ALIASES: Record<string, string> = {
  _proposed: 'proposed',
  answer_fingerprint: 'answerFingerprint',
  asked_times: 'askedTimes',
  filter_bindings: 'filterBindings',
  parameter_policy: 'parameterPolicy',
  review_cadence: 'reviewCadence',
  source_systems: 'sourceSystems',
  svc_contract: 'contract.raw',
};

function subjectValue(facts: Facts, subject: Subject): unknown {
  return subject === 'facts' ? facts : facts[subject];
}

function step(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  if (!Object.hasOwn(value, key)) return undefined;
  return (value as Record<string, unknown>)[key];
}

function walk(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => step(v, key), root);
}

/**
 * Reads `path` from the subject. Block fields unknown to the compiler live in `extra`, so a
 * project rule about its own metadata (`replaced_by`, `sla`) reads them without special syntax.
 */
export function readField(facts: Facts, subject: Subject, path: string): unknown {
  const root = subjectValue(facts, subject);
  if (root === undefined) return undefined;
  if (subject !== 'block') return walk(root, path);
  const [head = '', ...rest] = path.split('.');
  const alias = BLOCK_ALIASES[head];
  const resolved = alias === undefined ? path : [alias, ...rest].join('.');
  const direct = walk(root, resolved);
  return direct !== undefined ? direct : walk(step(root, 'extra'), path);
}

/** Present means a value a human would call filled in: not missing, blank, or empty. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Renders any fact value for finding data (data values are scalars only). */
export function displayValue(value: unknown): string | number | boolean {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => String(displayValue(v))).join(', ');
  return JSON.stringify(value);
}

/** JSON Schema properties shared by every check that reads one field. */
export const FIELD_OPTION_PROPERTIES = {
  subject: {
    enum: [...SUBJECTS],
    description: 'Which facts the field is read from; the block unless stated.',
  },
  field: {
    type: 'string',
    minLength: 1,
    pattern: '^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*$',
    description: 'a dotted field path such as owner or source.revision',
  },
} as const;

export interface FieldOptions {
  subject?: Subject;
  field: string;
}

/** Reads the field a check's options name. */
export function readOptionField(facts: Facts, options: FieldOptions): unknown {
  return readField(facts, options.subject ?? 'block', options.field);
}
