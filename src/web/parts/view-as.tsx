/**
 * View as (spec 02 rules 7-8, spec 03 `POST /api/persona`): an author sees Apps as the groups
 * they name, then as themselves again. The persona lives on the server, per person, so the
 * library and App pages read it on their next request; `onChange` tells the screen to read again.
 * The form reads the persona in use from the server when it opens, so a reload shows it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { PersonaAnswer } from '../../server/contract/persona.js';
import { api } from '../client/api.js';

const groupsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((g) => g.trim())
      .filter((g) => g !== ''),
  ),
];

export function ViewAs({ onChange }: { onChange: () => void }) {
  const [text, setText] = useState('');
  const [current, setCurrent] = useState<string[] | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  useEffect(() => {
    void api<PersonaAnswer>('/api/persona').then((r) => {
      if (!r.ok || r.value.persona === null) return;
      setCurrent(r.value.persona.groups);
      setText(r.value.persona.groups.join(', '));
    });
  }, []);
  const send = async (groups: string[] | undefined) => {
    const persona = groups === undefined ? null : { id: groups.join('+') || 'no-groups', label: 'View as', groups };
    const r = await api<PersonaAnswer>('/api/persona', { body: { persona } });
    if (!r.ok) return setFailure(r.error.message);
    setFailure(undefined);
    setCurrent(r.value.persona?.groups);
    onChange();
  };
  return (
    <form
      class="view-as"
      aria-label="View as"
      onSubmit={(e) => {
        e.preventDefault();
        void send(groupsOf(text));
      }}
    >
      <label for="view-as-groups">View as groups (comma separated)</label>
      <input id="view-as-groups" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      <button type="submit">View as</button>
      <button type="button" onClick={() => void send(undefined)} disabled={current === undefined}>
        View as myself
      </button>
      <p role="status" class="note">
        {current === undefined ? 'Seeing Apps as yourself.' : `Seeing Apps as ${current.length === 0 ? 'someone in no group' : current.join(', ')}.`}
      </p>
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
