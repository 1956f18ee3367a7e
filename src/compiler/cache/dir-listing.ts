/**
 * Existence of many files in a few folders, from one readdir per folder. Companion files are
 * absent for most blocks; asking the folder once instead of failing a stat per block keeps a
 * recompile of 10,000 blocks from spending its budget on ENOENT.
 */
import { readdirSync } from 'node:fs';

export class DirListing {
  private readonly folders = new Map<string, ReadonlySet<string>>();

  constructor(private readonly root: string) {}

  /** True when project-relative `rel` may exist (its folder lists the name). */
  mayExist(rel: string): boolean {
    const slash = rel.lastIndexOf('/');
    const folder = slash < 0 ? '' : rel.slice(0, slash);
    let names = this.folders.get(folder);
    if (!names) {
      try {
        names = new Set(readdirSync(folder === '' ? this.root : `${this.root}/${folder}`));
      } catch {
        names = new Set();
      }
      this.folders.set(folder, names);
    }
    return names.has(rel.slice(slash + 1));
  }
}
