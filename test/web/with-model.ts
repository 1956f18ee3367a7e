/**
 * A real `svc serve` on a commerce copy, opened in Chromium, with the loopback fake model as the
 * project's provider: the set-up of the web tests that script a model (the Build screen, the
 * Autopilot). Read the fields inside tests; everything is closed after the file.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openApp, type Served } from '../helpers/browser.js';
import { cleanupProjects } from '../helpers/project.js';
import { configureAsk, KEY_ENV, TEST_KEY } from '../runtime/agent-runs/ask-helpers.js';
import { type FakeOpenAi, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

export interface WithModel {
  readonly fake: FakeOpenAi;
  readonly root: string;
  readonly served: Served;
  readonly page: Page;
}

export function useServedWithModel(): WithModel {
  const holder: { fake?: FakeOpenAi; root?: string; served?: Served; page?: Page } = {};
  let opened: Awaited<ReturnType<typeof openApp>> | undefined;
  beforeAll(async () => {
    process.env[KEY_ENV] = TEST_KEY;
    holder.fake = await startFakeOpenAi();
    holder.root = await commerceProject();
    configureAsk(holder.root, holder.fake.baseUrl);
    opened = await openApp(holder.root);
    holder.served = opened.served;
    holder.page = opened.page;
  }, 300_000);
  afterAll(async () => {
    await opened?.close();
    await holder.fake?.close();
    delete process.env[KEY_ENV];
    cleanupProjects();
  });
  return holder as WithModel;
}
