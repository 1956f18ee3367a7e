/**
 * What an empty Ask page offers to ask: the example questions that servable certified blocks
 * declare, so each suggestion has a certified answer. One per block first, in block order, then
 * more, at most six; none when the blocks cannot be read (Ask works the same without them).
 */
import type { BlockList, BlockSummary } from '../../server/contract/blocks.js';
import { useResource } from '../client/api.js';

const MOST = 6;

/** Up to MOST distinct examples of servable certified blocks: each block's first, then each block's second, and so on. */
export function suggestionsOf(blocks: readonly BlockSummary[]): string[] {
  const lists = blocks.filter((b) => b.trust.label === 'certified' && b.trust.servable).map((b) => b.examples);
  const picked: string[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest && picked.length < MOST; i++)
    for (const list of lists) {
      const q = list[i]?.trim();
      if (q !== undefined && q !== '' && !picked.includes(q) && picked.length < MOST) picked.push(q);
    }
  return picked;
}

export function SuggestedQuestions({ onAsk, disabled }: { onAsk: (question: string) => void; disabled: boolean }) {
  const { value } = useResource<BlockList>('/api/blocks');
  const questions = value !== undefined ? suggestionsOf(value.blocks) : [];
  if (questions.length === 0) return null;
  return (
    <section class="suggestions" aria-labelledby="suggestions-h">
      <h2 id="suggestions-h">Questions certified blocks answer</h2>
      <ul>
        {questions.map((q) => (
          <li>
            <button type="button" class="secondary" disabled={disabled} onClick={() => onAsk(q)}>
              {q}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
