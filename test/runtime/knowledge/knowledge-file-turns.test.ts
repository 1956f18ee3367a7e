/**
 * The project's `.mcp.json` is stat'ed at most once per event-loop turn (the Asks of one turn
 * share the check), and every change made before a later turn is seen then: added, edited to the
 * same size, replaced by another file, removed. Over a real folder on disk.
 */
import { mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MCP_SERVERS_FILE, projectKnowledgeServers } from '../../../src/runtime/knowledge/knowledge-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const nextTurn = () => new Promise<void>((done) => setImmediate(done));

const servers = (...ids: string[]) =>
  JSON.stringify({ mcpServers: Object.fromEntries(ids.map((id) => [id, { command: 'node', args: ['server.mjs'], use: ['knowledge'] }])) });

type Step = (root: string) => void;
const write =
  (text: string, mtime?: number): Step =>
  (root) => {
    writeFileSync(join(root, MCP_SERVERS_FILE), text);
    if (mtime !== undefined) utimesSync(join(root, MCP_SERVERS_FILE), mtime, mtime);
  };
const replace =
  (text: string): Step =>
  (root) => {
    writeFileSync(join(root, 'next.json'), text);
    renameSync(join(root, 'next.json'), join(root, MCP_SERVERS_FILE));
  };
const remove: Step = (root) => rmSync(join(root, MCP_SERVERS_FILE));

const cases: Array<{ name: string; steps: Array<[Step, string[]]> }> = [
  {
    name: 'no file, then one',
    steps: [
      [() => undefined, []],
      [write(servers('a')), ['a']],
    ],
  },
  {
    name: 'edited to another size',
    steps: [
      [write(servers('a')), ['a']],
      [write(servers('a', 'b')), ['a', 'b']],
    ],
  },
  {
    name: 'edited to the same size, another time',
    steps: [
      [write(servers('a'), 1_000), ['a']],
      [write(servers('b'), 2_000), ['b']],
    ],
  },
  {
    name: 'replaced by another file',
    steps: [
      [write(servers('a')), ['a']],
      [replace(servers('c')), ['c']],
    ],
  },
  {
    name: 'removed',
    steps: [
      [write(servers('a')), ['a']],
      [remove, []],
    ],
  },
];

describe('the knowledge servers file, read once per turn', () => {
  it.each(cases)('$name', async ({ steps }) => {
    const root = mkdtempSync(join(tmpdir(), 'svc-knowledge-file-'));
    dirs.push(root);
    for (const [change, ids] of steps) {
      await nextTurn();
      change(root);
      await nextTurn();
      expect(projectKnowledgeServers(root).map((s) => s.id)).toEqual(ids);
      // Asked again in the same turn: the same entries, from the one check.
      expect(projectKnowledgeServers(root).map((s) => s.id)).toEqual(ids);
    }
  });
});
