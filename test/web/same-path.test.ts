/**
 * samePath: a host page opened inside the app (`/host?to=...`) only when `to` stays on this site,
 * read as the browser reads it (an adversarial table).
 */
import { beforeAll, describe, expect, it } from 'vitest';

let samePath: (to: string) => URL | undefined;
beforeAll(async () => {
  (globalThis as { location?: unknown }).location = { origin: 'http://127.0.0.1:4545' };
  ({ samePath } = await import('../../src/web/parts/host-chrome.js'));
});

describe('samePath', () => {
  it.each([
    ['/reports', '/reports'],
    ['/reports?team=a', '/reports?team=a'],
    ['/a/../reports', '/reports'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps %j as %j', (to, path) => {
    const url = samePath(to);
    expect(url === undefined ? undefined : `${url.pathname}${url.search}`).toBe(path);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'reports',
    '',
    '/a\tb',
    '/a\nb',
    '/\u0000x',
    ' /reports',
  ])('refuses %j', (to) => {
    expect(samePath(to)).toBeUndefined();
  });
});
