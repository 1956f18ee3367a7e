/**
 * A change made from the web app, committed for review on a branch of its own (spec 03
 * "Schedules, delivery, signing, git"): the files are staged in a temporary index over the
 * current commit, so the working tree, the real index and the checked-out branch stay as they
 * are (a change may also give a file's new text, which is committed without being written to the
 * working tree); the commit is authored (and committed) as the signed-in person when they have an address,
 * else as git's own configured identity. The branch is created, never moved: an existing name is
 * refused by git, and the name carries the time and a random part.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Principal } from '../../hooks/context/request-context.js';
import { runGit } from './git-run.js';

export interface ReviewCommit {
  gitRoot: string;
  branch: string;
  base: string;
  commit: string;
}

export type ReviewCommitOutcome = { ok: true; made: ReviewCommit } | { ok: false; why: 'no-repository' | 'no-change' | 'git-failed'; detail?: string };

/** Who the commit names: the person, when they have an address. */
function authorEnv(principal: Principal | undefined): Record<string, string> {
  const email = principal?.email;
  if (email === undefined || !email.includes('@')) return {};
  const name = principal?.displayName ?? principal?.id ?? email;
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}

function branchName(topic: string): string {
  const slug =
    topic
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'change';
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `svc/review/${slug}-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** The repository `root` lies in, its current commit and branch; undefined outside a repository. */
async function where(root: string): Promise<{ gitRoot: string; prefix: string; head: string; base: string } | undefined> {
  const top = await runGit(root, ['rev-parse', '--show-toplevel']);
  const prefix = await runGit(root, ['rev-parse', '--show-prefix']);
  const head = await runGit(root, ['rev-parse', '--verify', 'HEAD']);
  if (!top.ok || !head.ok || !prefix.ok) return undefined;
  const branch = await runGit(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return { gitRoot: top.stdout.trim(), prefix: prefix.stdout.trim(), head: head.stdout.trim(), base: branch.ok ? branch.stdout.trim() : 'main' };
}

/** A file's new text given by the change itself, staged without reading or writing the working tree. */
export interface GivenText {
  /** Absolute path inside the project. */
  file: string;
  text: string;
}

/** Stores each text as a blob (under a scratch copy) and enters it in the index `env` names. */
async function stageTexts(gitRoot: string, texts: ReadonlyArray<{ path: string; text: string }>, scratch: string, env: Record<string, string>) {
  for (const [n, { path, text }] of texts.entries()) {
    const copy = join(scratch, `blob-${n}`);
    writeFileSync(copy, text);
    // --path applies the repository's attributes for `path` (line endings, filters) as `git add` would.
    const blob = await runGit(gitRoot, ['hash-object', '-w', `--path=${path}`, '--', copy]);
    if (!blob.ok) return blob.stderr;
    const entered = await runGit(gitRoot, ['update-index', '--add', '--cacheinfo', `100644,${blob.stdout.trim()},${path}`], env);
    if (!entered.ok) return entered.stderr;
  }
  return undefined;
}

/** Stages `paths` (repository-relative, from the working tree) and `texts` in a fresh index over `head` and answers its tree, or the failure. */
async function stagedTree(gitRoot: string, head: string, paths: readonly string[], texts: ReadonlyArray<{ path: string; text: string }>, scratch: string) {
  const env = { GIT_INDEX_FILE: join(scratch, 'index') };
  const read = await runGit(gitRoot, ['read-tree', head], env);
  if (!read.ok) return { detail: read.stderr };
  // update-index reads paths literally (no pathspec magic); a removed file leaves the index.
  const add = await runGit(gitRoot, ['update-index', '--add', '--remove', '--', ...paths], env);
  if (!add.ok) return { detail: add.stderr };
  const failed = await stageTexts(gitRoot, texts, scratch, env);
  if (failed !== undefined) return { detail: failed };
  const tree = await runGit(gitRoot, ['write-tree'], env);
  return tree.ok ? { tree: tree.stdout.trim() } : { detail: tree.stderr };
}

/** The tracked files under `folders` (repository-relative), repository-relative, read literally. */
async function trackedUnder(gitRoot: string, folders: readonly string[]): Promise<string[]> {
  if (folders.length === 0) return [];
  const listed = await runGit(gitRoot, ['--literal-pathspecs', 'ls-files', '-z', '--full-name', '--', ...folders]);
  return listed.stdout.split('\0').filter((p) => p !== '');
}

export interface ReviewCommitInput {
  root: string;
  /** Absolute paths inside the project at `root`, committed as the working tree holds them (a removed one removed). */
  files: readonly string[];
  /** Absolute folders whose tracked files are committed too. */
  folders?: readonly string[];
  /** Files committed with the text given here instead of the working tree's. */
  texts?: readonly GivenText[];
  principal: Principal | undefined;
  message: string;
}

/** Commits the change on a new review branch over the current commit. */
export async function commitForReview(input: ReviewCommitInput): Promise<ReviewCommitOutcome> {
  const { root, principal, message } = input;
  const at = await where(root);
  if (at === undefined) return { ok: false, why: 'no-repository' };
  // Named from the project folder, so a symlinked path to it names the same files.
  const inRepo = (f: string) => `${at.prefix}${relative(root, f).split(sep).join('/')}`;
  const files = [...new Set([...input.files.map(inRepo), ...(await trackedUnder(at.gitRoot, (input.folders ?? []).map(inRepo)))])];
  const texts = (input.texts ?? []).map((t) => ({ path: inRepo(t.file), text: t.text }));
  const scratch = mkdtempSync(join(tmpdir(), 'svc-review-'));
  try {
    const staged = await stagedTree(at.gitRoot, at.head, files, texts, scratch);
    if (staged.tree === undefined) return { ok: false, why: 'git-failed', ...(staged.detail !== undefined ? { detail: staged.detail } : {}) };
    const before = await runGit(at.gitRoot, ['rev-parse', `${at.head}^{tree}`]);
    if (before.stdout.trim() === staged.tree) return { ok: false, why: 'no-change' };
    const commit = await runGit(at.gitRoot, ['commit-tree', staged.tree, '-p', at.head, '-m', message], authorEnv(principal));
    if (!commit.ok) return { ok: false, why: 'git-failed', detail: commit.stderr };
    const branch = branchName(message.split('\n')[0] ?? '');
    // The empty old value makes update-ref create the branch only if it does not exist.
    const ref = await runGit(at.gitRoot, ['update-ref', `refs/heads/${branch}`, commit.stdout.trim(), '']);
    if (!ref.ok) return { ok: false, why: 'git-failed', detail: ref.stderr };
    return { ok: true, made: { gitRoot: at.gitRoot, branch, base: at.base, commit: commit.stdout.trim() } };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
