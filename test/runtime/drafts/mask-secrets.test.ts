/**
 * Secret-shaped text in a question is masked before a draft is written or named from it; an
 * ordinary analytics question passes unchanged.
 */
import { describe, expect, it } from 'vitest';
import { questionSlug } from '../../../src/runtime/drafts/draft-slug.js';
import { maskSecrets } from '../../../src/runtime/drafts/mask-secrets.js';

const MASKED: ReadonlyArray<[string, string, string]> = [
  ['an e-mail address', 'orders of alice.confidential@example.com last month', '[email]'],
  ['an address with plus and subdomain', 'refunds for bob+x@mail.corp.example.org', '[email]'],
  ['a provider key', 'why does sk-abcdefghijklmnop1234 fail', '[key]'],
  ['an AWS access key', 'usage of AKIAABCDEFGHIJKLMNOP', '[key]'],
  ['a GitHub token', 'commits by ghp_abcdefghijklmnopqrstu12345', '[key]'],
  ['a Slack token', 'messages xoxb-1234567890-abcdef', '[key]'],
  ['a JWT', 'sessions for eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', '[token]'],
  ['a bearer token', 'calls with Bearer abcdefghijklmnop.qrs', '[token]'],
  ['a password assignment', 'logins where password=hunter2 was used', '[secret]'],
  ['an api key assignment', 'requests with api_key: 12345abcde', '[secret]'],
  ['a URL with credentials', 'loads from https://user:pw@files.example.com/x.csv', '[url]'],
  ['a card-like number', 'payments with card 4111 1111 1111 1111', '[number]'],
  ['an IBAN', 'transfers to DE89 3704 0044 0532 0130 00', '[iban]'],
  ['an IPv4 address', 'visits from 192.168.10.24 yesterday', '[ip]'],
  ['a mixed-case run', 'what is Zq8fK2mN7pL4xW9vB3cD6hJ1 used for', '[secret]'],
  ['a private key', 'read -----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----', '[private key]'],
];

const UNCHANGED = [
  'How many payments failed last week?',
  'Top 10 states by revenue in 2024',
  'Average order value by category for Q3 2025',
  'Which customers ordered more than 5 times?',
  'revenue per ISO week since 2024-01-01',
  'share of orders paid by card',
];

describe('maskSecrets', () => {
  it.each(MASKED)('masks %s', (_, question, label) => {
    const masked = maskSecrets(question);
    expect(masked).toContain(label);
    expect(questionSlug(masked)).not.toMatch(/example|hunter2|abcdefghijklmnop|4111|192_168/);
  });

  it.each(UNCHANGED)('leaves %j as it is', (question) => {
    expect(maskSecrets(question)).toBe(question);
  });
});
