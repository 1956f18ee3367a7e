/** `svc app publish <build> --app <id>`: publish an App build as ordinary App files, all or none, after its preflight. */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { diagnosticsText } from '../render/text.js';

const DETAILS = `
Publishes the newest revision of an App build made by svc app build or the web app as apps/<id>/svc.app.json and one dashboards/<page>.svcd per page. The preflight runs first and fails closed: draft or review sources, source drift, gaps, open reviews, unsettled previews and incomplete filter bindings each stop the publication and nothing is written. The files are written all or none: when writing fails part-way, every file is put back as it was. With --revision, the publication is refused unless that revision is still the newest.

Exit codes: 0 published, 1 refused (the blockers are listed), 2 usage or configuration error.`;

export class AppPublishCommand extends Command<SvcContext> {
  static override paths = [['app', 'publish']];
  static override usage = Command.Usage({
    description: 'Publish an App build as svc.app.json and .svcd files, all or none, after its preflight.',
    details: DETAILS,
    examples: [['Publish a build as App revenue', 'svc app publish build_0123456789abcdef --app revenue']],
  });

  build = Option.String({ name: 'build' });
  app = Option.String('--app', {
    required: true,
    description: 'The App id to publish as',
    validator: t.cascade(t.isString(), t.matchesRegExp(/^[a-z0-9][a-z0-9_-]{0,63}$/)),
  });
  revision = Option.String('--revision', { description: 'The revision reviewed (refused when a newer one exists)', validator: t.isNumber() });
  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { runAppPublish } = await import('../../runtime/app-builder/build-command.js');
    const outcome = runAppPublish({
      cwd: this.context.cwd,
      build: this.build,
      app: this.app,
      ...(this.revision !== undefined ? { revision: this.revision } : {}),
      ...(this.project !== undefined ? { project: this.project } : {}),
    });
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
      return outcome.exitCode;
    }
    const { appPublishText } = await import('../render/app-build.js');
    this.context.stdout.write(outcome.diagnostics.length > 0 ? diagnosticsText(outcome.diagnostics) : appPublishText(outcome));
    return outcome.exitCode;
  }
}
