/**
 * Output meant for a terminal: colour only on a TTY (NO_COLOR and FORCE_COLOR respected, JSON
 * never coloured), a progress line on stderr only on a terminal and only for work that lasts,
 * `--quiet`, and lint and fmt taking folders and quoted globs.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { startProgress, withProgress } from '../../src/cli/progress.js';
import { colorWanted } from '../../src/cli/render/colors.js';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

const ESC = '\x1b[';

describe('when to colour', () => {
  it.each([
    ['a terminal', { isTTY: true }, {}, true],
    ['a pipe', { isTTY: false }, {}, false],
    ['a terminal with NO_COLOR', { isTTY: true }, { NO_COLOR: '1' }, false],
    ['a terminal with an empty NO_COLOR', { isTTY: true }, { NO_COLOR: '' }, true],
    ['a pipe with FORCE_COLOR', { isTTY: false }, { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR wins over NO_COLOR', { isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
    ['a terminal with FORCE_COLOR=0', { isTTY: true }, { FORCE_COLOR: '0' }, false],
    ['a dumb terminal', { isTTY: true }, { TERM: 'dumb' }, false],
  ])('%s', (_name, stream, env, want) => {
    expect(colorWanted(stream, env as NodeJS.ProcessEnv)).toBe(want);
  });
});

const BROKEN = `block "b" {\n  domain = "x"\n  status = "draft"\n  description = "d"\n  owner = "o@x.test"\n  query = """\n    SELEC a FROM t\n  """\n}\n`;

describe('colour in the command line', () => {
  const root = makeProject({ 'svc.config.json': '{"project":"p"}', 'domains/x/blocks/b.svc': BROKEN });
  it.each([
    ['piped: none', {}, false],
    ['FORCE_COLOR=1: coloured', { FORCE_COLOR: '1' }, true],
    ['NO_COLOR=1: none', { NO_COLOR: '1' }, false],
  ])('%s', (_name, env, coloured) => {
    const run = svc(['lint'], root, env);
    expect(run.code).toBe(1);
    expect(run.stdout.includes(ESC)).toBe(coloured);
    expect(run.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/domains\/x\/blocks\/b\.svc:7:5 error sql\/not-a-read/);
  });

  it('never colours JSON', () => {
    expect(svc(['lint', '--format', 'json'], root, { FORCE_COLOR: '1' }).stdout.includes(ESC)).toBe(false);
  });
});

/** A stream that records what is written, claiming to be a terminal or not. */
function recorder(isTTY: boolean): PassThrough & { isTTY: boolean; text: () => string } {
  const chunks: string[] = [];
  const s = Object.assign(new PassThrough(), { isTTY, text: () => chunks.join('') });
  s.on('data', (c: Buffer) => chunks.push(c.toString()));
  return s;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('progress on stderr', () => {
  it('draws a line with the elapsed time on a terminal once the work lasts, and erases it', async () => {
    const err = recorder(true);
    const p = startProgress(err, 'waiting for the model', { delayMs: 20 });
    await sleep(80);
    p.stop();
    await sleep(5);
    expect(err.text()).toMatch(/\r\x1b\[2K[|/\\-] waiting for the model \(0s\)/);
    expect(err.text().endsWith('\r\x1b[2K')).toBe(true);
  });

  it.each([
    ['not a terminal', false, false, 20],
    ['--quiet', true, true, 20],
    ['work shorter than the delay', true, false, 10_000],
  ])('draws nothing: %s', async (_name, tty, quiet, delayMs) => {
    const err = recorder(tty);
    const p = startProgress(err, 'x', { quiet, delayMs });
    await sleep(60);
    p.stop();
    expect(err.text()).toBe('');
  });

  it('draws at once for work that holds the event loop, and erases it when the work throws', async () => {
    const err = recorder(true);
    startProgress(err, 'compiling', { delayMs: 0 }).stop();
    expect(err.text()).toBe('\r\x1b[2K| compiling (0s)\r\x1b[2K');
    const err2 = recorder(true);
    await expect(
      withProgress(err2, 'x', false, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(err2.text()).toBe('');
  });
});

describe('--quiet and targets', () => {
  const project = () => {
    const root = makeProject({});
    svc(['init', '--example'], root);
    return root;
  };

  it('compile, lint and fmt --quiet print nothing on a clean project', () => {
    const root = project();
    for (const args of [
      ['compile', '--quiet'],
      ['lint', '--quiet'],
      ['fmt', '--quiet'],
      ['init', 'sub', '--quiet'],
    ]) {
      const run = svc(args, root);
      expect([args.join(' '), run.code, run.stdout, run.stderr]).toEqual([args.join(' '), 0, '', '']);
    }
  });

  it('lint and fmt take folders and quoted globs; a glob that matches nothing is reported', () => {
    const root = project();
    writeFileSync(join(root, 'domains/shop/blocks/other.svc'), BROKEN.replace('"b"', '"c"').replace('"x"', '"shop"').replace('SELEC', 'SELECT'));
    expect(svc(['lint', 'domains/**/*.svc'], root).stdout).toMatch(/^2 files linted/m);
    expect(svc(['lint', 'domains/shop'], root).stdout).toMatch(/^2 files linted/m);
    expect(svc(['fmt', '--check', 'domains/*/blocks/*.svc'], root).stdout).toMatch(/^2 files checked/m);
    const none = svc(['lint', 'nowhere/**/*.svc', '--format', 'json'], root);
    expect(none.code).toBe(1);
    expect((JSON.parse(none.stdout) as { diagnostics: Array<{ code: string }> }).diagnostics.map((d) => d.code)).toEqual(['file/unreadable']);
  });
});
