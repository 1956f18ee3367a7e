/** The web app's addresses: served by the web-app route, open without a principal (the request-context hook). */
/** The screens the app answers at; each serves the same page. */
export const APP_PATHS = [
  '/',
  '/ask',
  '/ask/traces/:runId',
  '/blocks',
  '/blocks/:id',
  '/apps',
  '/apps/build',
  '/apps/:appId/:pageId',
  '/home',
  '/host',
] as const;

/** The route rules of the app's page, files and icon (`GET <path>`), open without a principal. */
export const APP_RULES: ReadonlySet<string> = new Set([...APP_PATHS.map((p) => `GET ${p}`), 'GET /assets/*', 'GET /favicon.ico']);
