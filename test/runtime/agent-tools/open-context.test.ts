/**
 * Opening a project for the agent tools (svc mcp): an `ask.provider` that cannot be used is a
 * configuration error with its diagnostic on svc.config.json (exit 2), never a silent "no model".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openToolContext } from '../../../src/runtime/agent-tools/open-context.js';
import { ProjectNotReadyError } from '../../../src/runtime/project/project-not-ready.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

function project(provider: Record<string, unknown>): string {
  const config = { project: 'p', connections: { default: { driver: 'sqlite', path: 'data/w.db' } }, ask: { provider } };
  return makeProject({ 'svc.config.json': JSON.stringify(config) });
}

describe('openToolContext with an unusable model provider', () => {
  it.each([
    [
      'credentials in the base URL',
      { kind: 'openai-compatible', model: 'm', baseUrl: 'http://me:pw@127.0.0.1:9/v1' },
      'ask/model-config-invalid',
      /must not carry credentials/,
    ],
    ['no model named', { kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1' }, 'ask/model-config-invalid', /names no model/],
    [
      'a local provider on another machine',
      { kind: 'local', model: 'm', baseUrl: 'http://models.example.com/v1' },
      'ask/model-not-loopback',
      /not a loopback address/,
    ],
  ])('%s: %s', async (_name, provider, code, problem) => {
    const error = await openToolContext({ project: project(provider), traces: false, log: () => undefined }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProjectNotReadyError);
    const { diagnostics, exitCode } = error as ProjectNotReadyError;
    expect(exitCode).toBe(2);
    expect(diagnostics).toEqual([expect.objectContaining({ code, severity: 'error', file: 'svc.config.json' })]);
    expect(String(diagnostics[0]?.data?.['problem'])).toMatch(problem);
    expect(diagnostics[0]?.hint).toMatch(/ask\.provider/);
  });
});
