/**
 * svc-certifiers.json: a chain of versions where each later version is signed by a key on the one
 * before it, read as the certifiers in force or as trusting nobody; what a certifier may certify;
 * the canonical text signatures cover; and a project whose list does not verify refuses every
 * signed receipt at compile time.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import { canonicalJson } from '../../src/compiler/project/canonical-json.js';
import { mayCertify, readCertifiers, versionHash, versionPayload } from '../../src/compiler/project/certifiers.js';
import { signText, verifyText } from '../../src/compiler/project/ed25519.js';
import type { Manifest } from '../../src/compiler/types.js';
import { firstCertifiersText, nextCertifiersText } from '../../src/runtime/certify/certifier-file.js';
import { initLocalKey } from '../../src/runtime/certify/signing-key.js';
import { cleanupProjects, copyFixture } from '../helpers/project.js';

const key = (name: string) => initLocalKey(mkdtempSync(join(tmpdir(), `svc-key-${name}-`))).key;
const ANA = key('ana');
const BEA = key('bea');
const EVE = key('eve');
const entry = (id: string, k: typeof ANA, may: string[]) => ({ id, key: k.publicKey, may });

const V1 = firstCertifiersText([entry('ana', ANA, ['*'])]);
const V2 = nextCertifiersText(V1, [entry('ana', ANA, ['*']), entry('bea', BEA, ['sales'])], ANA).text as string;

type Versions = { versions: Array<Record<string, unknown>> };
const edited = (text: string, edit: (data: Versions) => void): string => {
  const data = JSON.parse(text) as Versions;
  edit(data);
  return JSON.stringify(data);
};

describe('the certifier list', () => {
  it.each([
    ['the first version, trusted as found', V1, ['ana'], undefined],
    ['a second version signed by a certifier of the first', V2, ['ana', 'bea'], undefined],
    [
      'a second version signed, correctly, by a key not on the first',
      edited(V2, (d) => {
        const v = d.versions[1]!;
        v['signedBy'] = EVE.keyId;
        v['signature'] = signText(EVE.privateKeyPem, versionPayload(2, v['previous'] as string, v['signers'] as never));
      }),
      [],
      'version 2 is not signed by a certifier of version 1',
    ],
    [
      'a second version edited after it was signed',
      edited(V2, (d) => {
        (d.versions[1]!['signers'] as Array<{ may: string[] }>)[1]!.may = ['*'];
      }),
      [],
      "version 2's signature does not verify",
    ],
    [
      'a second version that does not name the first by hash',
      edited(V2, (d) => {
        d.versions[1]!['previous'] = versionHash({ other: true });
      }),
      [],
      'version 2 does not follow version 1',
    ],
    [
      'a second version whose signer claims a key the first does not list',
      edited(V2, (d) => {
        d.versions[1]!['signedBy'] = EVE.keyId;
      }),
      [],
      'version 2 is not signed by a certifier of version 1',
    ],
    ['not JSON', '{', [], 'it is not JSON'],
    ['no versions', '{"versions": []}', [], 'it lists no versions'],
    [
      'a key that is not an Ed25519 public key',
      firstCertifiersText([{ id: 'x', key: 'abc', may: ['*'] }]),
      [],
      'version 1: certifier x has no Ed25519 public key',
    ],
  ])('%s', (_name, text, ids, problem) => {
    const read = readCertifiers(text);
    expect(read.signers.map((s) => s.id)).toEqual(ids);
    if (problem !== undefined) expect(read.problem).toBe(problem);
  });

  it('only a listed key may write the next version', () => {
    expect(nextCertifiersText(V1, [entry('eve', EVE, ['*'])], { ...EVE, file: '' })).toEqual({
      problem: `your key ${EVE.keyId} is not on the certifier list in force`,
    });
    // A version written by a listed certifier becomes the list in force; the one before it no longer is.
    const v3 = nextCertifiersText(V2, [entry('bea', BEA, ['sales'])], BEA).text as string;
    expect(readCertifiers(v3).signers.map((s) => s.id)).toEqual(['bea']);
    expect(nextCertifiersText(v3, [entry('ana', ANA, ['*'])], ANA).problem).toMatch(/not on the certifier list/);
  });

  it.each([
    [['*'], { domain: 'finance', file: 'domains/finance/blocks/a.svc' }, true],
    [['finance'], { domain: 'finance', file: 'domains/finance/blocks/a.svc' }, true],
    [['finance'], { domain: 'sales', file: 'domains/sales/blocks/a.svc' }, false],
    [['domains/sales/**'], { domain: 'sales', file: 'domains/sales/blocks/deep/a.svc' }, true],
    [['domains/sales/blocks/*.svc'], { domain: 'sales', file: 'domains/sales/blocks/deep/a.svc' }, false],
    [['blocks/finance/*.svc'], { domain: 'finance', file: 'blocks/finance/a.svc' }, true],
    [['domains/fin*/**'], { domain: 'sales', file: 'domains/sales/blocks/a.svc' }, false],
  ])('may %j certify %j: %s', (may, block, expected) => {
    expect(mayCertify({ may }, block)).toBe(expected);
  });

  it('signatures cover canonical text: key order does not matter, any change does', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'x' }] })).toBe(canonicalJson({ a: [{ c: 'x', d: 2 }], b: 1 }));
    const signature = signText(ANA.privateKeyPem, canonicalJson({ a: 1, b: 2 }));
    expect(verifyText(ANA.publicKey, canonicalJson({ b: 2, a: 1 }), signature)).toBe(true);
    expect(verifyText(ANA.publicKey, canonicalJson({ b: 3, a: 1 }), signature)).toBe(false);
    expect(verifyText(BEA.publicKey, canonicalJson({ a: 1, b: 2 }), signature)).toBe(false);
    expect(verifyText(ANA.publicKey, canonicalJson({ a: 1, b: 2 }), 'ed25519:not-a-signature')).toBe(false);
  });
});

describe('a project whose certifier list does not verify', () => {
  afterAll(cleanupProjects);

  it('compiles with certify/certifiers-invalid, and every certified block waits for recertification', () => {
    const root = copyFixture('commerce');
    const configPath = join(root, 'svc.config.json');
    writeFileSync(configPath, readFileSync(configPath, 'utf8').replace('"signed": false', '"signed": true'));
    writeFileSync(
      join(root, 'svc-certifiers.json'),
      edited(V2, (d) => void (d.versions[1]!['signature'] = 'ed25519:AAAA')),
    );
    const compiled = compileProject({ project: root, cache: false });
    const manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
    expect(compiled.diagnostics.find((d) => d.code === 'certify/certifiers-invalid')).toMatchObject({
      severity: 'error',
      file: 'svc-certifiers.json',
      message: expect.stringContaining("version 2's signature does not verify"),
    });
    const certified = Object.values(manifest.blocks).filter((b) => b.status === 'certified');
    expect(certified.length).toBeGreaterThan(3);
    expect(certified.filter((b) => b.effectiveStatus === 'certified')).toEqual([]);
  });
});
