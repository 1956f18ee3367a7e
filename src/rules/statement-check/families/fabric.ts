/**
 * Fabric warehouses: T-SQL's families plus queryinsights, Fabric's record of requests and
 * sessions.
 */
import type { EngineFamilies } from './types.js';

export const FABRIC_FAMILIES: Partial<EngineFamilies> = {
  systemCatalog: ['queryinsights.*'],
};
