/**
 * Two of the figures Lighthouse reports for a page load, read from real Chromium directly: the
 * cumulative layout shift (the page's own `layout-shift` performance entries) and the bytes of
 * script sent over the wire (the DevTools protocol's `Network.loadingFinished` encodedDataLength,
 * headers and compressed body, as Lighthouse's transfer size counts them). Each load is made in a
 * fresh browser context, so nothing comes from a cache.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

/** A desktop window, and a phone's 390 px one (as a phone lays pages out: touch, mobile viewport). */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1100, height: 900 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

/** Runs `prepare` on a page of a fresh context, opens `url` and waits for every `ready` selector and the network to go quiet. */
async function loaded(browser: Browser, options: BrowserContextOptions, url: string, ready: string[], prepare: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await prepare(page);
    await page.goto(url);
    for (const selector of ready) await page.locator(selector).first().waitFor();
    await page.waitForLoadState('networkidle');
  } finally {
    await context.close();
  }
}

/**
 * The layout shift of one load of `url` until `ready` has drawn and the network is quiet: every
 * shift without recent input, summed (never less than Lighthouse's largest session window).
 */
export async function layoutShift(browser: Browser, options: BrowserContextOptions, url: string, ready: string[]): Promise<number> {
  let total = 0;
  await loaded(browser, options, url, ready, async (page) => {
    await page.exposeFunction('svcShift', (value: number) => void (total += value));
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!e.hadRecentInput) void (window as unknown as { svcShift(v: number): void }).svcShift(e.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });
  return total;
}

export interface ScriptLoad {
  /** Each script fetched, by path, with the bytes it took on the wire. */
  files: Record<string, number>;
  total: number;
  /** The Content-Encoding of each script's response. */
  encodings: Record<string, string>;
}

/** The scripts one load of `url` fetched until `ready` has drawn and the network is quiet. */
export async function scriptLoad(browser: Browser, options: BrowserContextOptions, url: string, ready: string[]): Promise<ScriptLoad> {
  const scripts = new Map<string, string>();
  const load: ScriptLoad = { files: {}, total: 0, encodings: {} };
  await loaded(browser, options, url, ready, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Network.responseReceived', (e) => {
      if (e.type !== 'Script') return;
      const path = new URL(e.response.url).pathname;
      scripts.set(e.requestId, path);
      load.encodings[path] = String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity');
    });
    cdp.on('Network.loadingFinished', (e) => {
      const path = scripts.get(e.requestId);
      if (path === undefined) return;
      load.files[path] = (load.files[path] ?? 0) + e.encodedDataLength;
      load.total += e.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  });
  return load;
}
