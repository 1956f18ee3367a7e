/** `svc app check <id>`: would this App publish now? Exit 1 when not ready. */
import { Command, Option } from 'clipanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { diagnosticsText } from '../render/text.js';

const DETAILS = `
Compiles the project as it is now (nothing is written), runs each data tile's source once with its defaults through the one query path, and evaluates the publication.preflight policy per tile and for the App. For each tile it lists the source, the source's status and revision, and whether it passes. Publication stops for: draft or review sources, source drift against the bound revision, missing sources, incomplete filter bindings, open review items, failed runs, a pending App draft, and App documents that cannot be read.

A page filter is unbound for a tile when the tile's source declares the parameter the filter binds elsewhere (or one named like the filter) and the filter has no binding for the tile, or when the binding names a parameter the source does not declare.

App draft state and open review items are read from .svc/local/apps/<id>.json ({ "draftPending": true, "openReviews": [{ "page": "...", "tile": "..." }] }); without that file there are none.

The trust line is the one App value (answer.trust policy): Certified, Governed, Needs review or Blocked, "N of M tiles certified", and "All data certified and verified" only when every data tile ran from a certified source and no App draft is pending.

--format json prints an object described by src/rules/schemas/app-check-result.schema.json.

Exit codes: 0 ready to publish, 1 not ready, 2 usage or configuration error (or no such App).`;

export class AppCheckCommand extends Command<SvcContext> {
  static override paths = [['app', 'check']];
  static override usage = Command.Usage({
    description: 'Check whether an App is ready to publish: each tile, its source and what stops publication.',
    details: DETAILS,
    examples: [
      ['Check the growth App', 'svc app check growth'],
      ['Machine-readable result', 'svc app check growth --format json'],
    ],
  });

  app = Option.String({ name: 'id' });
  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { runAppCheck } = await import('../../runtime/certify/app-check.js');
    const outcome = await runAppCheck({ cwd: this.context.cwd, app: this.app, ...(this.project !== undefined ? { project: this.project } : {}) });
    if (outcome.result === undefined) {
      if (this.format === 'json') this.context.stdout.write(`${JSON.stringify({ exitCode: outcome.exitCode, diagnostics: outcome.diagnostics }, null, 2)}\n`);
      else this.context.stdout.write(diagnosticsText(outcome.diagnostics));
      return outcome.exitCode;
    }
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
    } else {
      const { appCheckText } = await import('../render/app-check.js');
      this.context.stdout.write(appCheckText(outcome.result));
    }
    return outcome.exitCode;
  }
}
