/**
 * The one error a project that cannot be served raises, whoever opens it (the HTTP server, the
 * MCP server over stdio): its diagnostics and the exit code the command line ends with.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';

/** The project's configuration could not be read (or no manifest could be made), so nothing started. */
export class ProjectNotReadyError extends Error {
  constructor(
    readonly diagnostics: Diagnostic[],
    /** 1: the project has errors; 2: the configuration could not be read. */
    readonly exitCode: 1 | 2,
  ) {
    super(
      exitCode === 2 ? 'The project configuration could not be read, so the server did not start.' : 'The project has errors, so the server did not start.',
    );
    this.name = 'ProjectNotReadyError';
  }
}
