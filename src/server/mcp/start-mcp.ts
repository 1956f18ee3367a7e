/**
 * `svc mcp`: the agent tools over MCP on stdio. Opens the project (open-context.ts), connects
 * the server to a StdioServerTransport (behind jsonrpc-gate.ts) and runs until the client closes stdin or the process
 * gets SIGTERM or SIGINT; then it closes the server, the executor and its statement processes,
 * and the trace recorder. Stdout carries the MCP stream only: every log line goes to `log`.
 */
import { type Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type OpenOptions, openToolContext } from '../../runtime/agent-tools/open-context.js';
import { BatchSession } from './jsonrpc-batches.js';
import { jsonRpcGate } from './jsonrpc-gate.js';
import { createMcpServer } from './server.js';

export interface StartMcpOptions extends OpenOptions {
  version?: string;
  stdin?: Readable;
  stdout?: Writable;
}

export type StopReason = 'stdin-closed' | 'transport-closed' | 'SIGTERM' | 'SIGINT' | 'closed';

export interface RunningMcp {
  /** Resolves once everything is closed, with what stopped it. */
  stopped: Promise<StopReason>;
  /** Closes everything (idempotent). */
  close(reason?: StopReason): Promise<StopReason>;
}

/** Calls `stop` when stdin ends or a signal comes; returns the function that stops watching. */
function watchStops(stdin: Readable, stop: (reason: StopReason) => void): () => void {
  const onEnd = (): void => stop('stdin-closed');
  const onTerm = (): void => stop('SIGTERM');
  const onInt = (): void => stop('SIGINT');
  stdin.once('end', onEnd);
  stdin.once('close', onEnd);
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', onInt);
  return () => {
    stdin.off('end', onEnd);
    stdin.off('close', onEnd);
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', onInt);
  };
}

/** The stream the SDK writes to: each message (one line) goes to `stdout` as the batch session says. */
function repliesThrough(session: BatchSession, stdout: Writable): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = String(chunk);
      const lines = text.split('\n').filter((line) => line !== '');
      const out = lines.map((line) => session.outgoing(line)).filter((line) => line !== undefined);
      if (out.length === 0) return done();
      // Back-pressure passes through: the SDK waits for 'drain' when stdout's buffer is full.
      if (stdout.write(out.map((line) => (line.endsWith('\n') ? line : `${line}\n`)).join(''))) done();
      else stdout.once('drain', () => done());
    },
  });
}

/** Starts serving; throws ProjectNotReadyError when the project cannot be served. */
export async function startMcp(options: StartMcpOptions = {}): Promise<RunningMcp> {
  const stdin = options.stdin ?? process.stdin;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const opened = await openToolContext({ ...options, log });
  const server = createMcpServer(opened.ctx, options.version !== undefined ? { version: options.version } : {});
  const stdout = options.stdout ?? process.stdout;
  // Malformed lines are answered here; the SDK's transport sees only well-formed single messages,
  // and what it writes passes the session, which gathers a batch's replies into one array.
  const session = new BatchSession();
  const gate = stdin.pipe(jsonRpcGate((line) => stdout.write(line), session));
  let resolveStopped: (reason: StopReason) => void = () => undefined;
  const stopped = new Promise<StopReason>((done) => (resolveStopped = done));
  let stopping: Promise<StopReason> | undefined;
  const close = (reason: StopReason = 'closed'): Promise<StopReason> => (stopping ??= shutdown(reason));
  const unwatch = watchStops(stdin, (reason) => void close(reason));
  async function shutdown(reason: StopReason): Promise<StopReason> {
    // Yield first, so `stopping` is set before server.close() re-enters close() through the transport's onclose.
    await Promise.resolve();
    unwatch();
    await server.close().catch((error: unknown) => log(`svc mcp: closing the server failed: ${String(error)}`));
    // The transport lets go of the gate; stdin itself must stop flowing too, or it holds the process open.
    stdin.unpipe(gate);
    stdin.pause();
    await opened.close();
    resolveStopped(reason);
    return reason;
  }
  const transport = new StdioServerTransport(gate, repliesThrough(session, stdout));
  transport.onclose = () => void close('transport-closed');
  try {
    await server.connect(transport);
  } catch (error) {
    await close();
    throw error;
  }
  return { stopped, close };
}
