/**
 * The diff of one project file against the current commit (spec 03 `GET /api/git/diff`): the
 * path is handed to git as a literal pathspec (`--literal-pathspecs`), so `*`, `:` or `[` in a
 * name never widen it to other files. A file git does not track yet is shown as wholly added.
 * No diff or text-conversion program the repository configures is run. The caller has already
 * judged the path to be project content.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runGit } from './git-run.js';

export type DiffOutcome = { ok: true; diff: string } | { ok: false; why: 'no-repository' | 'git-failed'; detail?: string };

/** The diff of `path` (project-relative) in the project at `root` against HEAD. */
export async function projectDiff(root: string, path: string): Promise<DiffOutcome> {
  const inRepo = await runGit(root, ['rev-parse', '--verify', 'HEAD']);
  if (!inRepo.ok) return { ok: false, why: 'no-repository' };
  const tracked = await runGit(root, ['--literal-pathspecs', 'ls-files', '--error-unmatch', '--', path]);
  // Neither tracked nor there: nothing differs (never a wider match: the name is literal).
  if (!tracked.ok && !existsSync(join(root, path))) return { ok: true, diff: '' };
  if (!tracked.ok) {
    // Untracked: compared with nothing; exit status 1 means "differs", which is the answer.
    // Named relative to the project, so the diff's header names no server path.
    const added = await runGit(root, ['diff', '--no-index', '--no-color', '--no-ext-diff', '--no-textconv', '--', '/dev/null', path]);
    return added.stdout !== '' || added.ok ? { ok: true, diff: added.stdout } : { ok: false, why: 'git-failed', detail: added.stderr };
  }
  const diff = await runGit(root, ['--literal-pathspecs', 'diff', '--no-color', '--no-ext-diff', '--no-textconv', 'HEAD', '--', path]);
  return diff.ok ? { ok: true, diff: diff.stdout } : { ok: false, why: 'git-failed', detail: diff.stderr };
}
