/**
 * Which addresses only this machine can reach: the one answer for every place svc decides it (a
 * server's bind address, a local model's URL), a room of its own beside the source root's other
 * leaves since both the runtime and the server ask it.
 */
import { isIPv4, isIPv6 } from 'node:net';

/**
 * True for `localhost`, 127.0.0.0/8, ::1 and an IPv4-mapped ::ffff:127.x address. Decided from
 * the URL's host text alone, never by a DNS lookup: a name other than `localhost` could resolve
 * anywhere, so it is not loopback.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const lower = host.toLowerCase();
  if (lower === 'localhost') return true;
  if (isIPv4(lower)) return lower.startsWith('127.');
  if (isIPv6(lower)) {
    if (lower === '::1' || /^0{0,4}(:0{0,4}){6}:0{0,3}1$/.test(lower)) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped?.[1] !== undefined) return mapped[1].startsWith('127.');
    // new URL() writes a mapped IPv4 address in hex: ::ffff:7f00:1.
    const hex = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(lower);
    return hex?.[1] !== undefined && parseInt(hex[1], 16) >> 8 === 127;
  }
  return false;
}
