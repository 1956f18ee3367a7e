/**
 * Content hashes used across the compiler: hex sha256 and the `sha256:<hex>` form. The one-shot
 * crypto.hash (Node 20.12+) costs about half of a Hash object per call, which matters at three
 * hashes per block on a 10,000-block compile.
 */
import * as crypto from 'node:crypto';

type OneShot = (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string;
const oneShot = (crypto as unknown as { hash?: OneShot }).hash;

export function sha256Hex(data: string | Uint8Array): string {
  return oneShot ? oneShot('sha256', data, 'hex') : crypto.createHash('sha256').update(data).digest('hex');
}

export function sha256Tagged(data: string | Uint8Array): string {
  return `sha256:${sha256Hex(data)}`;
}
