import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstInvalidUtf8, MAX_SOURCE_BYTES, readSource } from '../../src/compiler/project/read-source.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

describe('readSource', () => {
  const dir = makeProject({});
  const cases: Array<[string, () => string, string | undefined, Record<string, unknown>]> = [
    ['a missing file', () => join(dir, 'gone.svc'), 'file/unreadable', { reason: 'file not found' }],
    [
      'a folder',
      () => {
        mkdirSync(join(dir, 'folder.svc'));
        return join(dir, 'folder.svc');
      },
      'file/unreadable',
      { reason: 'is a folder' },
    ],
    [
      'latin-1 bytes',
      () => {
        writeFileSync(join(dir, 'l.svc'), Buffer.from([0x61, 0x62, 0xe9, 0x0a]));
        return join(dir, 'l.svc');
      },
      'file/not-utf8',
      { offset: 2 },
    ],
    [
      'a truncated sequence',
      () => {
        writeFileSync(join(dir, 't.svc'), Buffer.from([0x61, 0xe2, 0x82]));
        return join(dir, 't.svc');
      },
      'file/not-utf8',
      { offset: 1 },
    ],
    [
      'an oversized file',
      () => {
        writeFileSync(join(dir, 'big.svc'), Buffer.alloc(MAX_SOURCE_BYTES + 1, 0x20));
        return join(dir, 'big.svc');
      },
      'file/too-large',
      { size: MAX_SOURCE_BYTES + 1 },
    ],
    [
      'a byte order mark',
      () => {
        writeFileSync(join(dir, 'bom.svc'), '\uFEFFblock "a" {}');
        return join(dir, 'bom.svc');
      },
      undefined,
      {},
    ],
  ];
  it.each(cases)('%s', (_name, make, code, data) => {
    const r = readSource(make(), 'x.svc');
    expect(r.diagnostics.map((d) => d.code)).toEqual(code ? [code] : []);
    if (code) expect(r.diagnostics[0]?.data).toMatchObject(data);
    else expect(r.text?.startsWith('block')).toBe(true);
  });

  it('finds the first invalid byte only where UTF-8 breaks', () => {
    expect(firstInvalidUtf8(Buffer.from('héllo wörld', 'utf8'))).toBe(-1);
    expect(firstInvalidUtf8(Buffer.from([0xc3, 0xa9, 0xc3]))).toBe(2);
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0); // a lone surrogate
  });
});
