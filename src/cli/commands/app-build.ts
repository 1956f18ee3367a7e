/** `svc app build`: start an App build from a prompt or from chosen sources, preview it, and check it for publication. */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { diagnosticsText } from '../render/text.js';

/** `--filter`'s shape (runtime/app-builder/filter-options.ts), checked before the command runs. */
const FILTER_OPTION = /^[a-z][a-z0-9_]{0,39}=(?:[a-z][a-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*$/;

const DETAILS = `
Non-interactive, for scripts and CI. Starts an App build draft (version 3, kept under .svc/local/app-builds/<id>/ with one immutable file per revision) from the sources named with --source (ids of the source catalog, \`<file>#<block>\`) and, with --prompt, a proposal: the configured model (ask.provider) plans from 8 to 12 candidate sources, or, when no model is configured, the deterministic plan is used and labelled so. A configured model that fails or answers with something svc cannot use is an error (exit 1), never replaced by the deterministic plan.

Page filters are bound with --filter through the same compose step as the Build screen: --filter <filter>=<parameter> binds filter <filter> on every tile whose source declares that parameter, --filter <filter>=<tile>.<parameter> on that tile only; a binding that matches no tile is refused (exit 1). The preview lists each tile's filter candidates: the parameters its source declares and the columns its settled run returned.

Every data tile is then previewed through the one query path, at most four at a time. A failed draft or review source gets one repair attempt by the configured model on the same connection (never a certified source, never a statement the statement check or row policy refused); the repaired result stays review required and is never publication evidence. --no-repair turns the repair off. With --app the publication preflight runs for that App id and lists every blocker: draft or review sources, drift, gaps, open reviews, unsettled previews, unbound filters.

Publish the build with svc app publish <build> --app <id>.

Exit codes: 0 built (and ready to publish when --app is given), 1 refused or not ready, 2 usage or configuration error.`;

export class AppBuildCommand extends Command<SvcContext> {
  static override paths = [['app', 'build']];
  static override usage = Command.Usage({
    description: 'Build an App from a prompt or from chosen sources: a draft, its preview and its publication preflight.',
    details: DETAILS,
    examples: [
      ['From a prompt, checked for publication as App revenue', 'svc app build --prompt "weekly revenue and top states" --app revenue'],
      ['From chosen sources', 'svc app build --source domains/finance/blocks/weekly_revenue.svc#weekly_revenue --format json'],
      [
        'With a since filter on every tile that takes one',
        'svc app build --source domains/finance/blocks/weekly_revenue.svc#weekly_revenue --filter since=since --app revenue',
      ],
    ],
  });

  prompt = Option.String('--prompt', { description: 'What the App should show (planned by the configured model, else deterministically)' });
  sources = Option.Array('--source', [], { description: 'A source id of the catalog to add as a tile (repeatable)' });
  title = Option.String('--title', { description: 'Title of the App' });
  reviewRequired = Option.Boolean('--include-review-required', false, {
    description: 'Allow draft and review sources for a local preview (never publishable)',
  });
  filters = Option.Array('--filter', [], {
    description: 'Bind a page filter: <filter>=<parameter> (every tile whose source declares it) or <filter>=<tile>.<parameter> (repeatable)',
    validator: t.isArray(t.cascade(t.isString(), t.matchesRegExp(FILTER_OPTION))),
  });
  repair = Option.Boolean('--repair', true, {
    description: 'Repair a failed draft or review source once with the configured model (--no-repair: never)',
  });
  app = Option.String('--app', {
    description: 'Run the publication preflight for this App id',
    validator: t.cascade(t.isString(), t.matchesRegExp(/^[a-z0-9][a-z0-9_-]{0,63}$/)),
  });
  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { runAppBuild } = await import('../../runtime/app-builder/build-command.js');
    const outcome = await runAppBuild({
      cwd: this.context.cwd,
      sources: this.sources,
      trustMode: this.reviewRequired ? 'include_review_required' : 'governed_only',
      filters: this.filters,
      repair: this.repair,
      ...(this.prompt !== undefined ? { prompt: this.prompt } : {}),
      ...(this.title !== undefined ? { title: this.title } : {}),
      ...(this.app !== undefined ? { app: this.app } : {}),
      ...(this.project !== undefined ? { project: this.project } : {}),
    });
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
      return outcome.exitCode;
    }
    const { appBuildText } = await import('../render/app-build.js');
    this.context.stdout.write(outcome.diagnostics.length > 0 ? diagnosticsText(outcome.diagnostics) : appBuildText(outcome));
    return outcome.exitCode;
  }
}
