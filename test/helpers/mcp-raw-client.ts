/**
 * A raw MCP client over stdio for `svc mcp` tests: a real child process fed line by line, with
 * no SDK in between, so a test sends exactly the bytes it means (malformed lines, batches) and
 * reads each line the server writes, parsed, in order.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SVC_BIN } from './cli.js';

export interface Reply {
  jsonrpc?: string;
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

export class RawClient {
  private readonly queue: unknown[] = [];
  private readonly waiting: Array<(r: unknown) => void> = [];
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const reply = JSON.parse(line) as unknown;
      const next = this.waiting.shift();
      if (next) next(reply);
      else this.queue.push(reply);
    });
  }
  /** The next line the server writes: one reply, or an array of them for a batch. */
  next<T = Reply>(): Promise<T> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift() as T);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply within 10 s')), 10_000);
      this.waiting.push((r) => (clearTimeout(timer), resolve(r as T)));
    });
  }
  write(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }
  async send<T = Reply>(line: string): Promise<T> {
    this.write(line);
    return this.next<T>();
  }
  request(id: number | string, method: string, params: Record<string, unknown>): Promise<Reply> {
    return this.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  }
  /** Initializes a session asking for MCP `revision`; resolves with the initialize reply. */
  async initialize(revision: string): Promise<Reply> {
    const init = await this.request('init', 'initialize', { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'raw', version: '0' } });
    this.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return init;
  }
  /** Closes stdin and waits for the server to exit. */
  async close(): Promise<void> {
    this.child.stdin.end();
    if (this.child.exitCode === null) await new Promise((done) => this.child.once('exit', done));
  }
}

/** `svc mcp` on the project at `root` as a child process, with a raw client on its stdio. */
export function rawMcp(root: string): RawClient {
  return new RawClient(spawn(process.execPath, [SVC_BIN, 'mcp', '--project', root], { stdio: 'pipe' }));
}
