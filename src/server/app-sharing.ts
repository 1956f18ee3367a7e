/**
 * Whether an App may be shared by a viewer link (spec 02 Authentication 4): only a published App,
 * and never one whose rows differ by member, since a link reader is no member and would read the
 * owner's rows. Per-member row rules are a block's own `@rls(...)` rules (a tile on such a block)
 * or a host's `rowPolicy`. Asked when the link is made and again on every request the link makes,
 * against the project as it is then, so an App that gains row rules stops opening by link.
 */
import { rowRules } from '../compiler/analyze/row-rules.js';
import type { CompiledApp, Manifest } from '../compiler/types.js';
import type { HostHooks } from '../hooks/hooks.js';

/** Why `app` may not be shared by link, or undefined when it may. */
export function shareRefusal(app: CompiledApp, manifest: Manifest, hooks: HostHooks | undefined): string | undefined {
  if (typeof hooks?.rowPolicy === 'function') return 'This server narrows rows per person, so its Apps cannot be shared by link.';
  if (app.lifecycle !== 'certified') return 'Only a published App can be shared by link: publish it first.';
  const ruled = app.pages
    .flatMap((p) => p.tiles)
    .some((t) => {
      if (t.source?.kind !== 'block') return false;
      const block = manifest.blocks[t.source.id];
      return block !== undefined && rowRules(block.query).length > 0;
    });
  if (ruled) return 'This App reads blocks with row rules per member, so it cannot be shared by link.';
  return undefined;
}
