/**
 * `keys-proven`: the grain keys the block declares (`grain = { keys = [...] }`) were proven over
 * every row it returns: no key is null and none is held by two rows. A block that declares no
 * keys passes (there is no claim to prove; `certification/grain-required` asks for a grain). No
 * proof facts fail: a key claim is never taken on the block's word.
 *
 *   { "kind": "keys-proven" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';
import type { KeyProofFacts } from '../facts.js';

type Options = Record<string, never>;

/** One phrase for messages: why the keys are not proven. */
function why(proof: KeyProofFacts | undefined): string {
  if (proof === undefined) return 'no key proof ran';
  if (proof.status === 'error') return `the key proof could not run (${proof.errorCode ?? 'unknown error'})`;
  const parts: string[] = [];
  if ((proof.duplicateKeyCount ?? 0) > 0) parts.push(`${proof.duplicateKeyCount} keys are held by more than one row`);
  if ((proof.nullKeyCount ?? 0) > 0) parts.push(`${proof.nullKeyCount} rows have a null key`);
  return `${parts.join(' and ')} (of ${proof.rowCount ?? 0} rows)`;
}

export default defineCheck<Options>({
  kind: 'keys-proven',
  description: 'The declared grain keys were proven unique and set on every row (blocks without keys pass).',
  optionsSchema: checkSchema('keys-proven', {}),
  evaluate(_options, facts) {
    const keys = facts.block?.grainKeys?.keys;
    const proof = facts.keyProof;
    const data = {
      keys: (keys ?? []).join(', '),
      status: proof?.status ?? 'not run',
      rows: proof?.rowCount ?? 0,
      duplicates: proof?.duplicateKeyCount ?? 0,
      nulls: proof?.nullKeyCount ?? 0,
      why: why(proof),
    };
    if (keys === undefined) return passed(data);
    return proof?.status === 'passed' ? passed(data) : failed(data);
  },
});
