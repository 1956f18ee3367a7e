/** Content hashes used across the compiler: hex sha256 and the `sha256:<hex>` form. */
import { createHash } from 'node:crypto';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function sha256Tagged(data: string | Uint8Array): string {
  return `sha256:${sha256Hex(data)}`;
}
