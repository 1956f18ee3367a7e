#!/usr/bin/env node
/**
 * Build step: turns each JSON Schema under src/compiler/schemas/ into validator code (ajv's
 * standalone output) at dist/src/compiler/schemas/<name>.validate.cjs. Loading that code costs
 * a fraction of compiling the schema at run time, which every `svc` command would otherwise
 * pay before reading svc.config.json. src/compiler/json-schema.ts uses the generated file when
 * it is there and compiles the schema itself when it is not (running from source).
 * The ajv options here must stay equal to json-schema.ts's; test/compiler/schemas.test.ts
 * checks that both validators agree.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const from = join(root, 'src/compiler/schemas');
const to = join(root, 'dist/src/compiler/schemas');
const standaloneCode = standalone.default ?? standalone;

mkdirSync(to, { recursive: true });
let count = 0;
for (const name of readdirSync(from)
  .filter((f) => f.endsWith('.schema.json'))
  .sort()) {
  const schema = JSON.parse(readFileSync(join(from, name), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, code: { source: true } });
  const validate = ajv.compile(schema);
  writeFileSync(join(to, name.replace(/\.json$/, '.validate.cjs')), standaloneCode(ajv, validate));
  count += 1;
}
process.stderr.write(`build-validators: ${count} validators written to dist/src/compiler/schemas/\n`);
