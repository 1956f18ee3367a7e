/**
 * Identity of the compiler build, part of the compile cache key so a new svc version never
 * reuses results an older one computed. The build writes dist/src/build-id.txt (a hash of the
 * emitted code); running from source falls back to a per-process value, which disables reuse
 * across processes rather than risk it.
 */

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sourceAsset } from '../../source-asset.js';

let cached: string | undefined;

export function buildId(): string {
  if (cached === undefined) {
    try {
      cached = readFileSync(sourceAsset('build-id.txt'), 'utf8').trim();
    } catch {
      cached = '';
    }
    if (cached === '') cached = `source-${randomUUID()}`;
  }
  return cached;
}
