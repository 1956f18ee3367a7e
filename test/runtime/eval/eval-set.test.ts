/** Reading question sets: every problem a diagnostic with its code and pointer, never a throw. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEvalSet } from '../../../src/runtime/eval/eval-set.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const dir = makeProject({});
const read = (text: string) => {
  const path = join(dir, `set-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(path, text);
  return readEvalSet(path, 'set.yaml');
};

describe('readEvalSet', () => {
  it('reads a valid set', () => {
    const r = read(
      'version: 1\nnow: "2026-01-05T10:00:00Z"\nquestions:\n  - { id: a, kind: example, question: "x", expect: { tier: 1, block: s.b, params: { top_n: 3 } } }\n',
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.set?.questions[0]?.expect.params).toEqual({ top_n: 3 });
  });

  it.each<[string, string, string, string | undefined]>([
    ['not YAML', 'questions: [unclosed', 'eval/unreadable', undefined],
    ['a wrong version', 'version: 2\nquestions: [{ id: a, kind: example, question: x, expect: { tier: 1 } }]\n', 'eval/invalid', '/version'],
    ['an unknown kind', 'version: 1\nquestions: [{ id: a, kind: guess, question: x, expect: { tier: 1 } }]\n', 'eval/invalid', '/questions/0/kind'],
    [
      'a tier out of range',
      'version: 1\nquestions: [{ id: a, kind: example, question: x, expect: { tier: 4 } }]\n',
      'eval/invalid',
      '/questions/0/expect/tier',
    ],
    [
      'an unknown expectation',
      'version: 1\nquestions: [{ id: a, kind: example, question: x, expect: { tier: 1, rows: 3 } }]\n',
      'eval/invalid',
      '/questions/0/expect/rows',
    ],
    ['no questions', 'version: 1\nquestions: []\n', 'eval/invalid', '/questions'],
    [
      'a duplicated id',
      'version: 1\nquestions: [{ id: a, kind: example, question: x, expect: { tier: 1 } }, { id: a, kind: example, question: y, expect: { tier: 2 } }]\n',
      'eval/duplicate-id',
      undefined,
    ],
  ])('%s', (_name, text, code, pointer) => {
    const r = read(text);
    expect(r.set).toBeUndefined();
    expect(r.diagnostics[0]?.code).toBe(code);
    if (pointer !== undefined) expect(r.diagnostics.map((d) => d.data?.['pointer'])).toContain(pointer);
  });

  it('a missing file is eval/unreadable', () => {
    expect(readEvalSet(join(dir, 'nope.yaml')).diagnostics[0]?.code).toBe('eval/unreadable');
  });
});
