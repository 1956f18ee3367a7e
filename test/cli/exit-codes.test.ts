/** Usage errors exit 2 wherever they are raised (parsing, validation, or inside a command), never with a stack. */
import { describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

describe('usage errors exit 2', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['unknown command', ['nosuch'], /unknown command "nosuch"/],
    ['unknown option', ['lint', '--nope'], /unknown option "--nope"/],
    ['invalid option value', ['compile', '--format', 'xml'], /Invalid value for --format/],
    ['raised inside the command', ['certify'], /Name one block to certify/],
  ];
  it.each(cases)('%s', (_name, args, message) => {
    const r = svc(args, makeProject({}));
    expect(r.code).toBe(2);
    expect(r.stderr + r.stdout).toMatch(message);
    expect(r.stderr + r.stdout).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});
