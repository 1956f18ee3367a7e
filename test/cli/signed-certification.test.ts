/**
 * Signed certification from the command line, as real child processes: a new project signs from
 * its first `svc certify` (via cli, signedBy the local key); an existing project adopts signing
 * with `svc keys init` and `svc certify --resign`; `svc keys add` takes a listed certifier;
 * `svc certify --verify` is a CI step (text, JSON, SARIF, and `--rerun` against the warehouse);
 * and certifying without a key, or making a project where no key can be made, is refused plainly.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

const freshKeys = (): Record<string, string> => ({ SVC_KEY_DIR: mkdtempSync(join(tmpdir(), 'svc-cli-keys-')) });
const json = (stdout: string) => JSON.parse(stdout) as Record<string, any>;
const receipt = (root: string, companion: string) =>
  (parse(readFileSync(join(root, companion), 'utf8')) as { certification: Record<string, unknown> }).certification;

describe('a new project signs its receipts', () => {
  it('svc init, then svc certify: the receipt is signed by the local key, via cli, and verifies', () => {
    const keys = freshKeys();
    const root = makeProject({});
    expect(svc(['init', '--example'], root, keys).code).toBe(0);
    const made = json(svc(['keys', 'init', '--format', 'json'], root, keys).stdout);
    expect(made).toMatchObject({ exitCode: 0, created: false, written: [] });
    // The private key is the user's alone and lives outside the project.
    expect(statSync(made['keyFile']).mode & 0o777).toBe(0o600);
    expect((made['keyFile'] as string).startsWith(keys['SVC_KEY_DIR'] as string)).toBe(true);
    expect(readFileSync(join(root, 'svc-certifiers.json'), 'utf8')).not.toContain('PRIVATE KEY');
    const certified = svc(['certify', 'shop.monthly_revenue', '--format', 'json'], root, keys);
    expect(certified.code).toBe(0);
    const r = receipt(root, 'semantic-layer/blocks/shop/monthly_revenue.yaml');
    expect(r).toMatchObject({ via: 'cli', signedBy: made['keyId'], signature: expect.stringMatching(/^ed25519:[\w-]{86}$/) });
    expect(svc(['certify', '--verify'], root, keys)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('ok   shop.monthly_revenue: receipt valid signed by'),
    });
  });

  it('without a signing key, svc certify writes no receipt and says why', () => {
    const root = makeProject({});
    expect(svc(['init', '--example'], root).code).toBe(0);
    const r = svc(['certify', 'shop.monthly_revenue', '--format', 'json'], root, freshKeys());
    expect(r.code).toBe(1);
    expect(json(r.stdout)['diagnostics'].map((d: { code: string }) => d.code)).toContain('certify/no-signing-key');
    expect(readFileSync(join(root, 'domains/shop/blocks/monthly_revenue.svc'), 'utf8')).not.toContain('status = "certified"');
  });

  it('svc init refuses, writing nothing, when no key can be made', () => {
    const parent = makeProject({ 'not-a-folder': 'x' });
    const r = svc(['init', 'p', '--format', 'json'], parent, { SVC_KEY_DIR: join(parent, 'not-a-folder') });
    expect(r.code).toBe(1);
    expect(json(r.stdout)['diagnostics'].map((d: { code: string }) => d.code)).toEqual(['init/signing-key-failed']);
  });
});

describe('flags', () => {
  it.each([
    [['--rerun'], '--rerun applies only with --verify'],
    [['--resign', '--rerun'], '--rerun applies only with --verify'],
    [['shop.monthly_revenue', '--format', 'sarif'], '--format sarif applies only with --verify'],
    [['--verify', 'shop.monthly_revenue'], '--verify and --resign go alone'],
    [['--verify', '--resign'], '--verify and --resign go alone'],
    [['--resign', '--enterprise'], '--verify and --resign go alone'],
  ])('svc certify %j is a usage error (exit 2)', (args, words) => {
    const r = svc(['certify', ...args], makeProject({}));
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(words)]);
  });
});

describe('the root of trust', () => {
  const GIT = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@acme.test', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@acme.test' };
  const git = (root: string, ...args: string[]) => expect(spawnSync('git', args, { cwd: root, env: { ...process.env, ...GIT } }).status).toBe(0);

  it('a list replaced wholesale by a new first version is refused by --verify: by git history in a fresh clone, and by the local pin', () => {
    const owner = freshKeys();
    const root = makeProject({});
    expect(svc(['init', '--example'], root, owner).code).toBe(0);
    expect(svc(['certify', 'shop.monthly_revenue'], root, owner).code).toBe(0);
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'project');
    expect(svc(['certify', '--verify'], root, owner).code).toBe(0);
    // An attacker starts a list of their own and signs the receipt with their key: every signature checks out.
    const attacker = freshKeys();
    const pub = json(svc(['keys', 'init', '--format', 'json'], root, attacker).stdout)['publicKey'] as string;
    writeFileSync(join(root, 'svc-certifiers.json'), JSON.stringify({ certifiers: 1, versions: [{ signers: [{ id: 'mallory', key: pub, may: ['*'] }] }] }));
    const companion = join(root, 'semantic-layer/blocks/shop/monthly_revenue.yaml');
    writeFileSync(companion, readFileSync(companion, 'utf8').replace(/\n {2}signedBy:.*\n {2}signature:.*/, ''));
    expect(svc(['certify', '--resign'], root, attacker).code).toBe(0);
    const local = json(svc(['certify', '--verify', '--format', 'json'], root, attacker).stdout);
    expect([local['exitCode'], local['diagnostics'].map((d: { code: string }) => d.code)]).toEqual([1, ['certify/certifiers-rewritten']]);
    // Committed, then checked where no pin exists: git's first version of the list decides.
    git(root, 'commit', '-qam', 'new list');
    const clone = mkdtempSync(join(tmpdir(), 'svc-clone-'));
    git(clone, 'clone', '-q', root, '.');
    const ci = json(svc(['certify', '--verify', '--format', 'json'], clone, attacker).stdout);
    expect(ci['diagnostics'].map((d: { message: string }) => d.message)).toEqual([expect.stringContaining('not the one first committed')]);
  });
});

describe('an existing project adopts signed certification', () => {
  it('keys init starts the list; --verify fails on unsigned receipts until --resign signs them; keys add takes a listed key', async () => {
    const root = await commerceProject();
    const lead = freshKeys();
    const configPath = join(root, 'svc.config.json');
    // The unsigned setting is warned about, by lint and by verify, and verify still passes.
    const before = json(svc(['certify', '--verify', '--format', 'json'], root, lead).stdout);
    expect([before['exitCode'], before['diagnostics'].map((d: { code: string }) => d.code)]).toEqual([0, ['certify/unsigned-project']]);
    writeFileSync(configPath, readFileSync(configPath, 'utf8').replace(', "signed": false', ''));
    expect(json(svc(['keys', 'init', '--format', 'json'], root, lead).stdout)).toMatchObject({ exitCode: 0, created: true, written: ['svc-certifiers.json'] });
    const unsigned = svc(['certify', '--verify', '--format', 'sarif'], root, lead);
    expect(unsigned.code).toBe(1);
    const results = json(unsigned.stdout)['runs'][0].results as Array<{ ruleId: string; level: string }>;
    // Blocks, terms and views alike: every receipt made before the project signed is unsigned.
    expect(new Set(results.map((x) => `${x.ruleId} ${x.level}`))).toEqual(
      new Set(['certify/receipt-unsigned error', 'certify/term-receipt-signature error', 'certify/view-receipt-signature error']),
    );
    expect(svc(['certify', '--resign'], root, lead)).toMatchObject({ code: 0, stdout: expect.stringContaining('finance.weekly_revenue') });
    expect(svc(['certify', '--verify'], root, lead).code).toBe(0);
    // A certifier not on the list cannot add themselves; a listed one can add them.
    const newcomer = freshKeys();
    const pub = json(svc(['keys', 'init', '--format', 'json'], root, newcomer).stdout)['publicKey'] as string;
    const self = svc(['keys', 'add', 'new@acme.test', '--key', pub, '--may', 'sales', '--format', 'json'], root, newcomer);
    expect([self.code, json(self.stdout)['diagnostics'][0].code]).toEqual([1, 'certify/certifiers-invalid']);
    expect(svc(['keys', 'add', 'new@acme.test', '--key', pub, '--may', 'sales'], root, lead).code).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'svc-certifiers.json'), 'utf8')).versions).toHaveLength(2);
    expect(svc(['certify', '--verify'], root, lead).code).toBe(0);
  });

  it('--verify --rerun runs each certified block against the warehouse and names the one that no longer passes', async () => {
    const root = await commerceProject();
    expect(svc(['certify', '--verify', '--rerun'], root).code).toBe(0);
    const db = new Database(join(root, 'data/warehouse.db'));
    db.exec("UPDATE orders SET amount = -amount WHERE status = 'completed'");
    db.close();
    const r = svc(['certify', '--verify', '--rerun', '--format', 'json'], root);
    expect(r.code).toBe(1);
    const failed = json(r.stdout)['diagnostics'].filter((d: { code: string }) => d.code === 'certify/rerun-failed');
    expect(failed.map((d: { data: { block: string } }) => d.data.block)).toContain('finance.weekly_revenue');
  });
});
