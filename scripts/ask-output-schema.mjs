#!/usr/bin/env node
// Writes src/cli/schemas/ask-output.schema.json from the HTTP contract's ASK_RUN (built), so
// `svc agent ask --format json` and POST /api/agent-runs publish one schema for one run shape.
// Run by `npm run docs`; test/docs/output-schemas.test.ts fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { ASK_RUN } = await import(join(root, 'dist/src/server/contract/agent-runs.js'));

/** The trust promise as a schema: only Tier 1 is certified, Tier 2 is uncertified and review required, Tier 3 refuses. */
const TIER_TRUST = [
  { if: { properties: { tier: { const: 1 } } }, then: { properties: { trust: { const: 'certified' } } } },
  { if: { properties: { tier: { const: 2 } } }, then: { required: ['uncertified'], properties: { trust: { const: 'review_required' } } } },
  { if: { properties: { tier: { const: 3 } } }, then: { required: ['refusal'], properties: { trust: { const: 'refused' } } } },
];

/** The published document: a header, the contract's schema as it is, and the tier-trust rules. */
export function askOutputSchema(run) {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://svc.dev/schemas/ask-output.schema.json',
    title: 'svc agent ask --format json',
    description: 'One Ask run, as svc agent ask --format json prints it and POST /api/agent-runs answers it (the HTTP contract ASK_RUN).',
    ...run,
    allOf: TIER_TRUST,
  };
}

writeFileSync(join(root, 'src/cli/schemas/ask-output.schema.json'), `${JSON.stringify(askOutputSchema(ASK_RUN), null, 2)}\n`);
process.stderr.write('ask-output-schema: src/cli/schemas/ask-output.schema.json written from ASK_RUN\n');
