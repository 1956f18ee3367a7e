/**
 * Sensitive questions stop before the model (spec 02 `sensitiveQuestions: 'wording'`, issue:
 * "sensitive questions reach the model"): over HTTP, with a loopback model that counts every
 * request, questions about individuals' contact details, pay, identifiers and the columns the
 * project declares sensitive are refused with SENSITIVE_QUESTION and no model request; counts and
 * averages over the same columns still go on (here to the model, which writes their SQL).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../src/index.js';
import { cleanupProjects } from '../../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../helpers/fake-openai.js';
import { ask, askProject, KEY_ENV, serve, TEST_KEY } from './ask-helpers.js';

let fake: FakeOpenAi;
let server: LocalServer;

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  const root = await askProject(fake.baseUrl);
  const file = join(root, 'svc.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...config, sensitive: { columns: { 'customers.loyalty_code': 'identifier', 'customers.birth_date': 'protected' } } }));
  server = await serve(root);
});

afterAll(async () => {
  await server?.close();
  await fake.close();
  cleanupProjects();
});

describe('refused before any model request', () => {
  it.each([
    "What is Ava Smith's email address?",
    'phone number of customer 42',
    'how much does the general manager earn',
    'passport number of customer 2291',
    'loyalty code of customer 17',
    "what is Liam Chen's birth date",
    'list the home addresses of our enterprise customers',
  ])('%s', async (question) => {
    const before = fake.requests.length;
    const { body } = await ask(server, { question });
    expect(body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'SENSITIVE_QUESTION' } });
    expect(fake.requests.length).toBe(before);
  });
});

describe('aggregates over the same columns go on', () => {
  it.each(['how many customers have a loyalty code', 'average age of customers by segment', 'how many customers have an email address per state'])(
    '%s',
    async (question) => {
      fake.script(sqlReply('SELECT COUNT(*) AS n FROM customers'));
      const before = fake.requests.length;
      const { body } = await ask(server, { question, saveDraft: false });
      expect(body.refusal).toBeUndefined();
      expect(body).toMatchObject({ tier: 2, trust: 'review_required' });
      expect(fake.requests.length).toBe(before + 1);
    },
  );
});
