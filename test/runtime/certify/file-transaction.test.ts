/** All-or-nothing file changes: an interruption at any step restores every file. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyChanges, type FileChange, TransactionError } from '../../../src/runtime/certify/file-transaction.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';
import { snapshot } from './helpers.js';

afterAll(cleanupProjects);

const CHANGES: FileChange[] = [
  { kind: 'write', path: 'new/deep/a.txt', content: 'A' },
  { kind: 'write', path: 'b.txt', content: 'B2' },
  { kind: 'delete', path: 'c.txt' },
];

describe('applyChanges', () => {
  it('applies every change in order', () => {
    const dir = makeProject({ 'b.txt': 'B1', 'c.txt': 'C' });
    applyChanges(dir, CHANGES);
    expect(snapshot(dir)).toEqual({ 'new/deep/a.txt': 'A', 'b.txt': 'B2' });
  });

  it.each([0, 1, 2])('interrupted after step %i: every file is as it was, no temporaries or new folders', (step) => {
    const dir = makeProject({ 'b.txt': 'B1', 'c.txt': 'C' });
    const before = snapshot(dir);
    const interrupt = (i: number): void => {
      if (i === step) throw new Error('disk full');
    };
    expect(() => applyChanges(dir, CHANGES, { afterStep: interrupt })).toThrow(TransactionError);
    expect(snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, 'new'))).toBe(false);
  });

  it('reports the file whose step failed', () => {
    const dir = makeProject({ 'b.txt': 'B1', 'c.txt': 'C' });
    try {
      applyChanges(dir, CHANGES, {
        afterStep: (i) => {
          if (i === 1) throw new Error('boom');
        },
      });
    } catch (error) {
      expect(error).toMatchObject({ path: 'b.txt', reason: 'boom' });
    }
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('B1');
  });
});
