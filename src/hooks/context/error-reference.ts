/** References for failures whose details go to the server log only. */
import { randomInt } from 'node:crypto';

/** Eight lowercase letters, no digits: easy to read out to an administrator. */
export function errorReference(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += String.fromCharCode(97 + randomInt(26));
  return out;
}
