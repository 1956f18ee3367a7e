/**
 * Real Chromium for the web app's tests: Debian's `chromium` (installed through apt-get by the
 * test setup when missing) driven by playwright-core, headless. Also a real `svc serve` child
 * process on a free loopback port, and the axe-core accessibility check run in the page.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { webRoot } from '../../src/server/routes/web-app.js';
import { SVC_BIN } from './cli.js';
import { REPO } from './project.js';
import { ensureCommand } from './provision.js';

/** `svc serve` on `root` and a Chromium page beside it; `close()` stops both. */
export async function openApp(root: string): Promise<{ served: Served; browser: Browser; page: Page; close(): Promise<void> }> {
  const served = await serve(root);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  return { served, browser, page, close: async () => (await browser.close(), await served.stop()) };
}

/**
 * Where the tests write screenshots of each page: a temporary folder, so a test run leaves the
 * tracked docs/screenshots (the README links there) as they are; SVC_REFRESH_SCREENSHOTS=1
 * writes them into docs/screenshots instead.
 */
export const SCREENSHOTS = process.env.SVC_REFRESH_SCREENSHOTS === '1' ? join(REPO, 'docs/screenshots') : join(tmpdir(), 'svc-screenshots');

export async function launchChromium(): Promise<Browser> {
  ensureCommand('chromium', 'chromium');
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

export interface Served {
  url: string;
  stop(): Promise<void>;
}

/** `svc serve` on the project at `root`, as a real child process; resolves once it prints its URL. */
export async function serve(root: string, env: Record<string, string> = {}): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, [SVC_BIN, 'serve', '--project', root, '--host', '127.0.0.1', '--port', '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => (errors += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`svc serve did not start: ${errors}`)), 60_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const line = /^(http:\/\/\S+)$/m.exec(out);
      if (line?.[1] !== undefined) clearTimeout(timer), resolve(line[1]);
    });
    child.on('exit', (code) => (clearTimeout(timer), reject(new Error(`svc serve exited ${code}: ${errors}`))));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** The page's accessibility violations as it is now, at every impact level (minor and moderate too). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const result = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as {
    violations: Array<{ id: string; impact: string | null; help: string; nodes: unknown[] }>;
  };
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
}

/** Saves a full-page screenshot as <SCREENSHOTS>/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The built chunk holding the chart library (Observable Plot draws with the `--plot-background` style variable), as served under /assets/. */
export function chartLibraryChunk(): string {
  const assets = `${webRoot()}assets`;
  const chunk = readdirSync(assets).find((f) => /^chunk-\w+\.js$/.test(f) && readFileSync(`${assets}/${f}`, 'utf8').includes('--plot-background'));
  if (chunk === undefined) throw new Error('no chunk of the web build holds the chart library: run npm run build');
  return `/assets/${chunk}`;
}
