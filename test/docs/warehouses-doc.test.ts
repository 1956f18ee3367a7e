/**
 * docs/warehouses.md stays true: its example connections pass the config schema, and the
 * drivers it lists are exactly the registered connectors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../src/compiler/project/config.js';
import { CONNECTORS } from '../../src/warehouse/connectors/registry.js';
import { REPO } from '../helpers/project.js';

const text = readFileSync(join(REPO, 'docs/warehouses.md'), 'utf8');

describe('docs/warehouses.md', () => {
  it('shows connections the config schema accepts', () => {
    const example = /```json\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    const config = { project: 'p', ...(JSON.parse(example) as Record<string, unknown>) };
    expect(parseConfigText(JSON.stringify(config)).diagnostics).toEqual([]);
  });

  it('lists every registered driver, and no other', () => {
    const listed = [...text.matchAll(/^\| `(\w+)` \| /gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(Object.keys(CONNECTORS));
  });
});
