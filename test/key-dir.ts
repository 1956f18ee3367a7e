/**
 * Every test file signs with a throwaway key folder of its own, never the user's
 * (~/.config/svc/keys): `svc init` and `svc keys init` make a key there, and CLI children inherit it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env['SVC_KEY_DIR'] = mkdtempSync(join(tmpdir(), 'svc-test-keys-'));
