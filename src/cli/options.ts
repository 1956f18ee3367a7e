/**
 * Options several commands share, declared once so their names, defaults and help text cannot
 * drift apart between commands.
 */
import { Option } from 'clipanion';
import * as t from 'typanion';

/** The help text of every `--project` that finds the project by default. */
export const PROJECT_DESCRIPTION = 'Project folder (default: found by walking up to svc.config.json)';

/** `--project DIR`: the project folder; undefined lets the command walk up to svc.config.json. */
export function projectOption() {
  return Option.String('--project', { description: PROJECT_DESCRIPTION });
}

/** `--format text|json`, text by default. */
export function textOrJsonOption() {
  return Option.String('--format', 'text', { validator: t.isEnum(['text', 'json']), description: 'text or json' });
}

/** `--quiet`: only findings and results; no summary lines and no progress. */
export function quietOption() {
  return Option.Boolean('--quiet,-q', false, { description: 'Print only findings and results: no summary line, no progress' });
}
