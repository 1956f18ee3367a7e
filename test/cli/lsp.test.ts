/**
 * `svc lsp` driven by a real LSP client (vscode-languageserver-protocol's JSON-RPC connection)
 * over the stdio of a child process, on a copy of the commerce fixture whose schema snapshot was
 * taken by `svc compile --validate`: open a block and receive the diagnostics `svc lint` gives,
 * complete a column name, hover a column (its type) and a block id in an App page (its trust), go to a block's and a contract's
 * definition, format as `svc fmt` does, and list a file's symbols.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletionItem,
  CompletionRequest,
  createProtocolConnection,
  DefinitionRequest,
  DidOpenTextDocumentNotification,
  DocumentFormattingRequest,
  type DocumentSymbol,
  DocumentSymbolRequest,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  type Location,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { SVC_BIN, svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const BLOCK = `block "names" {
  domain = "customers"
  status = "draft"
  description = "Customer names by state."
  owner = "o@x.test"
  query = """
    SELECT c.nme, c.state
    FROM customers c
    WHERE c.state = 'TX'
  """
}
`;

let root = '';
let child: ChildProcess;
let client: ProtocolConnection;
const diagnostics = new Map<string, PublishDiagnosticsParams>();
const waiting = new Map<string, (p: PublishDiagnosticsParams) => void>();

function uri(rel: string): string {
  return pathToFileURL(join(root, rel)).href;
}

/** Opens a document and resolves with the first diagnostics published for it. */
function open(rel: string, text: string, languageId = 'svc'): Promise<PublishDiagnosticsParams> {
  const done = new Promise<PublishDiagnosticsParams>((resolve) => waiting.set(uri(rel), resolve));
  void client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri(rel), languageId, version: 1, text } });
  return done;
}

beforeAll(async () => {
  root = await commerceProject();
  expect(svc(['compile', '--validate'], root).code).toBe(0);
  child = spawn(process.execPath, [SVC_BIN, 'lsp'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  client = createProtocolConnection(
    new StreamMessageReader(child.stdout as NodeJS.ReadableStream),
    new StreamMessageWriter(child.stdin as NodeJS.WritableStream),
  );
  client.onNotification(PublishDiagnosticsNotification.type, (p) => {
    diagnostics.set(p.uri, p);
    waiting.get(p.uri)?.(p);
  });
  client.listen();
  const init = await client.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    capabilities: {},
    workspaceFolders: null,
  });
  expect(init.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, documentFormattingProvider: true, documentSymbolProvider: true });
  await client.sendNotification(InitializedNotification.type, {});
}, 120_000);

afterAll(async () => {
  await client?.sendRequest(ShutdownRequest.type).catch(() => undefined);
  await client?.sendNotification(ExitNotification.type).catch(() => undefined);
  client?.dispose();
  child?.kill();
  cleanupProjects();
});

describe('svc lsp over stdio', () => {
  it('publishes the diagnostics svc lint gives, with the same codes and places', async () => {
    const rel = 'domains/customers/blocks/names.svc';
    const published = await open(rel, BLOCK);
    writeFileSync(join(root, rel), BLOCK);
    const lint = JSON.parse(svc(['lint', rel, '--format', 'json'], root).stdout) as {
      diagnostics: Array<{ code: string; file?: string; span?: { start: { line: number; column: number } } }>;
    };
    const expected = lint.diagnostics.filter((d) => d.file === rel).map((d) => [d.code, (d.span?.start.line ?? 1) - 1, (d.span?.start.column ?? 1) - 1]);
    expect(published.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual(expected);
    expect(expected).toContainEqual(['sql/unknown-column', 6, 13]);
    // Hover a column in the query: its table and type from the snapshot.
    const hover = await client.sendRequest(HoverRequest.type, { textDocument: { uri: uri(rel) }, position: { line: 6, character: 21 } });
    expect((hover?.contents as { value: string }).value).toBe('**state** (column): `customers.state`: TEXT');
  });

  it('completes a column name from the schema snapshot after a table alias and a table name', async () => {
    const rel = 'domains/customers/blocks/complete.svc';
    const text = BLOCK.replace('"names"', '"complete"').replace('SELECT c.nme, c.state', 'SELECT customers.st');
    await open(rel, text);
    const items = (await client.sendRequest(CompletionRequest.type, {
      textDocument: { uri: uri(rel) },
      position: { line: 6, character: 23 },
    })) as CompletionItem[];
    expect(items.map((i) => i.label)).toContain('state');
    expect(items.find((i) => i.label === 'state')?.detail).toBe('customers.state: TEXT');
    expect(items.map((i) => i.label)).not.toContain('orders');
    // After `${` in a query: the block's parameter names.
    const withParams = 'domains/customers/blocks/params.svc';
    const paramsText = BLOCK.replace('"names"', '"params"')
      .replace('  query', '  params {\n    since: date = "2024-01-01"\n  }\n  query')
      .replace("c.state = 'TX'", 'c.created_at >= ${');
    await open(withParams, paramsText);
    const line = paramsText.split('\n').findIndex((l) => l.includes('${'));
    const character = (paramsText.split('\n')[line] as string).indexOf('${') + 2;
    const params = (await client.sendRequest(CompletionRequest.type, {
      textDocument: { uri: uri(withParams) },
      position: { line, character },
    })) as CompletionItem[];
    expect(params.map((i) => [i.label, i.detail])).toEqual([['since', 'parameter']]);
    const fields = (await client.sendRequest(CompletionRequest.type, {
      textDocument: { uri: uri(rel) },
      position: { line: 1, character: 2 },
    })) as CompletionItem[];
    expect(fields.map((i) => i.label)).toEqual(expect.arrayContaining(['description', 'owner', 'params', 'query', 'svc_contract', 'tests']));
  });

  it('hovers a block id in an App page with its trust, goes to its definition, and completes block ids', async () => {
    const rel = 'apps/growth/dashboards/customers.svcd';
    const text = readFileSync(join(root, rel), 'utf8');
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri(rel), languageId: 'json', version: 1, text } });
    const at = text.indexOf('customers.repeat_purchase_rate') + 5;
    const line = text.slice(0, at).split('\n').length - 1;
    const character = at - (text.lastIndexOf('\n', at - 1) + 1);
    const hover = await client.sendRequest(HoverRequest.type, { textDocument: { uri: uri(rel) }, position: { line, character } });
    const shown = (hover?.contents as { value: string }).value;
    expect(shown).toContain('**customers.repeat_purchase_rate** (block): certified');
    expect(shown).toContain('domains/customers/blocks/repeat_purchase_rate.svc');
    const where = (await client.sendRequest(DefinitionRequest.type, { textDocument: { uri: uri(rel) }, position: { line, character } })) as Location;
    expect(where.uri).toBe(uri('domains/customers/blocks/repeat_purchase_rate.svc'));
    // Completion in an App page offers the project's block ids with their trust.
    const ids = (await client.sendRequest(CompletionRequest.type, { textDocument: { uri: uri(rel) }, position: { line, character } })) as CompletionItem[];
    expect(ids.find((i) => i.label === 'customers.repeat_purchase_rate')?.detail).toBe('block, certified');
    const declared = readFileSync(join(root, 'domains/customers/blocks/repeat_purchase_rate.svc'), 'utf8')
      .split('\n')
      .findIndex((l) => l.startsWith('block "repeat_purchase_rate"'));
    expect(where.range.start).toEqual({ line: declared, character: 0 });
  });

  it("goes to a contract's entry in the contract manifest", async () => {
    const rel = 'domains/catalog/blocks/category_sales.svc';
    const text = readFileSync(join(root, rel), 'utf8');
    await open(rel, text);
    const line = text.split('\n').findIndex((l) => l.includes('svc_contract'));
    const character = (text.split('\n')[line] as string).indexOf('catalog.Product') + 3;
    const where = (await client.sendRequest(DefinitionRequest.type, { textDocument: { uri: uri(rel) }, position: { line, character } })) as Location;
    expect(where.uri).toBe(uri('svc-contract-manifest.json'));
    const manifest = readFileSync(join(root, 'svc-contract-manifest.json'), 'utf8').split('\n');
    expect(manifest[where.range.start.line]?.slice(where.range.start.character, where.range.end.character)).toBe('catalog.Product.category_sales');
  });

  it('formats as svc fmt does, and lists the blocks of a file', async () => {
    const rel = 'domains/customers/blocks/messy.svc';
    const messy = 'block "messy" {\n domain="customers"\n      status = "draft"\n  description = "d"\n owner="o@x.test"\n  query = "SELECT 1"\n}\n';
    await open(rel, messy);
    const edits = (await client.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri: uri(rel) },
      options: { tabSize: 2, insertSpaces: true },
    })) as TextEdit[];
    writeFileSync(join(root, rel), messy);
    expect(svc(['fmt', rel], root).code).toBe(0);
    expect(edits).toHaveLength(1);
    expect(edits[0]?.newText).toBe(readFileSync(join(root, rel), 'utf8'));
    const symbols = (await client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: uri(rel) } })) as DocumentSymbol[];
    expect(symbols.map((s) => [s.name, s.children?.map((c) => c.name)])).toEqual([['messy', ['domain', 'status', 'description', 'owner', 'query']]]);
  });
});
