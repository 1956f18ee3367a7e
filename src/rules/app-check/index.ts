/** `svc app check` decisions: tile facts from an App as it is now, preflight and trust. */
export { checkApp, type AppCheckInput } from './check-app.js';
export { appFacts, appTileFacts, pageFile, tileKey, unboundFilters, type AppEvidence, type PageTileFacts } from './tile-facts.js';
export type { AppCheckResult, TileReport, TileSourceReport, TrustReport } from './types.js';
