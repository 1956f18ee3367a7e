/**
 * Every prompt reaches a model through the privacy boundary (spec 02 "Privacy boundary" 2):
 * each function in src/ that builds chat messages is listed here with where its values are
 * decided, and each module that sends messages to a model (`.complete(`) decides with
 * `valuesMayReachProvider`, directly or through `statementValuesMayReach` (which names the tables
 * from the engine's catalog first and then asks it). A new builder or a new sender fails here
 * until it is routed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/project.js';

/** Builder -> the module that decides, through valuesMayReachProvider, what values it is given. */
const BUILDERS: Readonly<Record<string, string>> = {
  'src/runtime/agent-runs/model-prompt.ts#buildPrompt': 'src/runtime/agent-runs/written-sql.ts',
  'src/runtime/app-builder/planner.ts#plannerMessages': 'src/runtime/app-builder/planner.ts',
  'src/runtime/app-builder/repair.ts#repairMessages': 'src/runtime/app-builder/repair.ts',
  'src/runtime/autopilot/autopilot-prompt.ts#autopilotMessages': 'src/runtime/autopilot/run-autopilot.ts',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const sources = files(join(REPO, 'src')).map((f) => ({ rel: relative(REPO, f).split('\\').join('/'), text: readFileSync(f, 'utf8') }));

describe('prompt builders', () => {
  it('are all listed with the module that decides their values', () => {
    const found = sources.flatMap(({ rel, text }) =>
      [...text.matchAll(/function (\w+)\([^)]*\): (?:readonly )?ChatMessage\[\]/g)].map((m) => `${rel}#${m[1]}`),
    );
    expect(found.sort()).toEqual(Object.keys(BUILDERS).sort());
  });

  it('are sent to a model only where valuesMayReachProvider decides', () => {
    const senders = sources.filter(({ text }) => /\.complete\(/.test(text) && !/complete\(messages[^)]*\): Promise<string>/.test(text)).map(({ rel }) => rel);
    expect(senders.sort()).toEqual([
      'src/runtime/agent-runs/written-sql.ts',
      'src/runtime/app-builder/planner.ts',
      'src/runtime/app-builder/repair.ts',
      'src/runtime/autopilot/run-autopilot.ts',
    ]);
    for (const decider of new Set([...senders, ...Object.values(BUILDERS)])) {
      expect(sources.find((s) => s.rel === decider)?.text).toMatch(/(valuesMayReachProvider|statementValuesMayReach)\(/);
    }
    const boundary = sources.find((s) => s.rel === 'src/runtime/agent-runs/privacy-boundary.ts')?.text ?? '';
    const routed = boundary.slice(boundary.indexOf('export async function statementValuesMayReach('));
    expect(routed.slice(0, routed.indexOf('\n}\n'))).toMatch(/valuesMayReachProvider\(/);
  });
});
