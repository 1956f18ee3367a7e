/**
 * `svc mcp`: serves the agent tools (spec 01 "Agent tools") over MCP on stdio until the client
 * closes stdin or the process gets SIGTERM or SIGINT, then closes everything and exits 0.
 * Stdout is the MCP stream only: logs, diagnostics and the closing line go to stderr.
 */
import { Command } from 'clipanion';
import type { SvcContext } from '../context.js';
import { projectOption } from '../options.js';
import { diagnosticsText } from '../render/text.js';

export class McpCommand extends Command<SvcContext> {
  static override paths = [['mcp']];
  static override usage = Command.Usage({
    description: 'Serve the agent tools (search, certified answers, drafts, certify checks) over MCP on stdio.',
    details:
      'Compiles first and refuses to start while the project has errors (exit 1; 2 for a configuration error). Stdout carries only the MCP stream; logs go to stderr. Runs until the client closes stdin, or SIGTERM or SIGINT.',
    examples: [
      ['Serve the project found from here', 'svc mcp'],
      ['Serve a given project', 'svc mcp --project fixtures/commerce'],
    ],
  });

  project = projectOption();

  override async execute(): Promise<number> {
    const { ProjectNotReadyError } = await import('../../runtime/project/project-not-ready.js');
    const { startMcp } = await import('../../server/mcp/start-mcp.js');
    const log = (line: string): void => void this.context.stderr.write(`${line}\n`);
    let running;
    try {
      running = await startMcp({
        cwd: this.context.cwd,
        stdin: this.context.stdin,
        stdout: this.context.stdout,
        log,
        ...(this.project !== undefined ? { project: this.project } : {}),
        ...(this.cli.binaryVersion !== undefined ? { version: this.cli.binaryVersion } : {}),
      });
    } catch (error) {
      if (!(error instanceof ProjectNotReadyError)) throw error;
      this.context.stderr.write(diagnosticsText(error.diagnostics));
      this.context.stderr.write(
        `svc: ${error.exitCode === 2 ? 'the project configuration could not be read' : 'the project has errors'}, so the MCP server did not start.\n`,
      );
      return error.exitCode;
    }
    log('svc: MCP server ready on stdio (close stdin or send SIGTERM to stop)');
    const reason = await running.stopped;
    log(`svc: MCP server closed (${reason})`);
    return 0;
  }
}
