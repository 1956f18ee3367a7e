/**
 * The failing rows of a signing hook's conformance table, shared by every subject it signs
 * (blocks, terms, views): wrong shape, throw, time-out and a signature that does not verify
 * against the key it names. Each must fail closed; `badSignature` is the code and message the
 * subject's verification gives that last row.
 */
import { signText } from '../../src/compiler/project/ed25519.js';
import type { SigningRequest } from '../../src/hooks/hooks.js';
import type { HostHooks } from '../../src/host.js';

/** A key of the key service: its id and private key. */
export interface ServiceKey {
  keyId: string;
  privateKeyPem: string;
}

export type SigningFailure = [name: string, hook: HostHooks['signing'], code: string, message: RegExp];

/** The hook signing with `key` as a key service would. */
export const signingWith =
  (key: ServiceKey) =>
  (r: SigningRequest): { keyId: string; signature: string } => ({ keyId: key.keyId, signature: signText(key.privateKeyPem, r.payload) });

export function signingFailures(key: ServiceKey, badSignature: [code: string, message: RegExp]): SigningFailure[] {
  return [
    ['wrong shape', { sign: () => ({ sig: 'x' }) as never }, 'certify/signing-failed', /answered something else/],
    [
      'throw',
      {
        sign: () => {
          throw new Error('HSM offline: secret detail');
        },
      },
      'certify/signing-failed',
      /the key service failed/,
    ],
    [
      'time-out (answers after six times the hook limit)',
      { sign: (r) => new Promise((done) => setTimeout(() => done(signingWith(key)(r)), 1_000)) },
      'certify/signing-failed',
      /did not answer in time/,
    ],
    [
      'a signature that does not verify against the key it names',
      { sign: (r) => ({ keyId: key.keyId, signature: signText(key.privateKeyPem, `${r.payload} `) }) },
      ...badSignature,
    ],
  ];
}
