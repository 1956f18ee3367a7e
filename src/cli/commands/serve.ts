/**
 * `svc serve`: compiles the project and serves it on loopback until SIGINT or SIGTERM, then
 * closes the server and its statement processes and exits 0. Stdout carries only the URL (one
 * line, for scripts); everything else goes to stderr.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { projectOption } from '../options.js';
import { diagnosticsText } from '../render/text.js';
import { untilStopped } from '../until-stopped.js';

/**
 * How much the JavaScript heap may grow past what a full collection kept before the next one:
 * 10%. A server's Asks leave garbage in the old generation that V8 by default lets grow by up to
 * several times the live heap, so RSS climbed by tens of MiB over thousands of Asks before each
 * collection; held to 10% it stays flat, for a full collection every few thousand Asks.
 */
export const SERVE_HEAP_GROWING_PERCENT = 10;

/**
 * Applied once the server has started (the compile at the start builds its heap at V8's own
 * pace), with one full collection then: it frees what the compile left behind, and V8 sets its
 * next limit only after a full collection, by the factor in force.
 */
function steadyHeap(): void {
  try {
    setFlagsFromString(`--heap-growing-percent=${SERVE_HEAP_GROWING_PERCENT}`);
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // a runtime without these flags serves all the same, its heap at V8's own pace
  }
}

export class ServeCommand extends Command<SvcContext> {
  static override paths = [['serve']];
  static override usage = Command.Usage({
    description: 'Serve the project: health, blocks, and runs of certified blocks over HTTP.',
    details:
      'Compiles first. A block with errors (a parse error, a stale or missing certification receipt) is never served as certified, and every other block is served; only a configuration that does not read stops the start (exit 2). The server follows the project while it runs: after svc compile, or a change to svc.config.json or the contract manifest, the next request is answered from the new state (GET /api/health shows the snapshot generation). Prints the URL on stdout and runs until SIGINT or SIGTERM. Each request is logged on stderr with its id, method, path (never its query), status and time; the question, SQL values and secrets are never logged.',
    examples: [
      ['Serve on the default port', 'svc serve'],
      ['Serve a project on a free port', 'svc serve --project fixtures/commerce --port 0'],
      ['Log JSON for a collector', 'svc serve --log-format json 2> svc.log'],
    ],
  });

  project = projectOption();
  host = Option.String('--host', '127.0.0.1', { description: 'Interface to listen on (default 127.0.0.1, loopback only)' });
  port = Option.String('--port', '4545', {
    validator: t.cascade(t.isNumber(), [t.isInteger(), t.isInInclusiveRange(0, 65535)]),
    description: 'Port (default 4545; 0 picks a free one)',
  });
  logFormat = Option.String('--log-format', 'pretty', {
    validator: t.isEnum(['json', 'pretty']),
    description: 'Log on stderr: pretty lines (default) or json, one object a line for a log collector',
  });

  /** A line of the command's own on stderr; with --log-format json, a record like the server's, so the stream stays JSON. */
  private note(text: string): void {
    this.context.stderr.write(
      this.logFormat === 'json' ? `${JSON.stringify({ level: 30, time: new Date().toISOString(), service: 'svc', msg: text })}\n` : `${text}\n`,
    );
  }

  override async execute(): Promise<number> {
    const { ProjectNotReadyError, startLocalServer } = await import('../../server/start/start-local-server.js');
    const { SharedTokenRequiredError, SharedTokenTooShortError } = await import('../../server/shared-token.js');
    let server;
    try {
      server = await startLocalServer({
        cwd: this.context.cwd,
        host: this.host,
        port: this.port,
        logFormat: this.logFormat === 'json' ? 'json' : 'pretty',
        ...(this.project !== undefined ? { project: this.project } : {}),
      });
    } catch (error) {
      if (error instanceof ProjectNotReadyError) {
        this.context.stderr.write(diagnosticsText(error.diagnostics));
        this.context.stderr.write(`svc: ${error.message}\n`);
        return error.exitCode;
      }
      if (error instanceof SharedTokenRequiredError || error instanceof SharedTokenTooShortError) {
        this.context.stderr.write(`svc: ${error.message}\n`);
        return 2;
      }
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' || (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL') {
        this.context.stderr.write(`svc: cannot listen on ${this.host}:${this.port} (${(error as NodeJS.ErrnoException).code}).\n`);
        return 1;
      }
      throw error;
    }
    steadyHeap();
    // Handlers go in before the URL is printed: whoever read the URL may signal at once.
    const stopped = untilStopped();
    this.context.stdout.write(`${server.url}\n`);
    this.note(`svc: serving at ${server.url} (Ctrl-C to stop)`);
    const signal = await stopped;
    this.note(`svc: ${signal} received, closing`);
    await server.close();
    return 0;
  }
}
