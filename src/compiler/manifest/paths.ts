/**
 * Where the compiler's outputs live in a project. The retired manifest is the previous
 * manifest kept alive by a hard link while a new one is renamed over it (write-file.ts):
 * releasing 18 MB of pages inside the rename would sit on the recompile's critical path, so
 * whoever retires a manifest releases the old one later, off that path.
 */
export const MANIFEST_FILE = 'svc-manifest.json';
export const RETIRED_MANIFEST = '.svc/cache/manifest.retired';
