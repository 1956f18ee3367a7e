/** `svc app check` decisions: tile facts from an App as it is now, preflight and trust. */
export { type AppCheckInput, checkApp } from './check-app.js';
export { type AppEvidence, appFacts, appTileFacts, type PageTileFacts, pageFile, tileKey, unboundFilters } from './tile-facts.js';
export type { AppCheckResult, TileReport, TileSourceReport, TrustReport } from './types.js';
