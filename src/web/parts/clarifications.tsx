/**
 * The proposal's clarification questions (spec 01 Build with AI rule 5): the author answers
 * them and asks again; the plan route hears the answers with the same prompt and writes a new
 * proposal revision. Answers left empty are not sent; with none answered nothing is sent.
 */
import { useState } from 'preact/hooks';
import type { BuildDraft } from '../../server/contract/app-builds.js';
import { change, type SetBuild } from './build-change.js';

type Proposal = { prompt: string; clarifications: string[]; answers?: string[] };

export function Clarifications({ draft, set }: { draft: BuildDraft; set: SetBuild }) {
  const proposal = draft.proposal as Proposal | undefined;
  const [answers, setAnswers] = useState<string[]>([]);
  const questions = proposal?.clarifications ?? [];
  if (proposal === undefined || questions.length === 0) return null;
  const submit = (e: Event) => {
    e.preventDefault();
    const given = answers.map((a) => a?.trim() ?? '').filter((a) => a !== '');
    if (given.length > 0) void change(set, `/api/app-builds/${draft.id}/plan`, { baseRevision: draft.revision, prompt: proposal.prompt, answers: given });
  };
  const answer = (i: number, value: string) => setAnswers((now) => Object.assign([...now], { [i]: value }));
  return (
    <form class="clarifications" onSubmit={submit}>
      <fieldset>
        <legend>The planner asks</legend>
        {questions.map((q, i) => (
          <label class="clarification">
            {q} <input value={answers[i] ?? ''} onInput={(e) => answer(i, (e.target as HTMLInputElement).value)} />
          </label>
        ))}
      </fieldset>
      <button type="submit">Answer and propose again</button>
    </form>
  );
}
