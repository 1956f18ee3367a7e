/** `svc certify`: certify a block in place, or promote a draft with --from-draft. */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { projectOption, quietOption } from '../options.js';
import { withProgress } from '../progress.js';

const DETAILS = `
Runs the certification rules (oss; with --enterprise, or certification.rules = "enterprise" in svc.config.json, also grain, the grain keys the block declares proven over every row it returns as svc keys prove proves them (certification/keys-proven), outputs compared with the columns the run returned, lineage compared with the tables the SQL reads, pattern and review cadence) on the block as it would be written: owner, no "review required" description, a clean compile, the engine preparing the query without running it (its syntax and unknown table or column errors are reported as the engine words them, and the block is then not run), a resolving contract, one real run on its connection, and every test passing on every row.

A block with no tests is never certified: certification/tests-required refuses it here and with --from-draft, svc lint reports a certified block without tests (lint/tests-required), and no other surface certifies.

On success the block gets status = "certified" (a review-required tag is removed) and its companion YAML gets reviewStatus: certified and the receipt (certifiedBy = the local owner: svc.config.json certification.owner, else owner, else git user.email in the project, else the OS user; certifiedAt; via: cli; rules; sourceSha256 of the certified source; checks). On refusal nothing is written.

Draft, review, pending_recertification and certified blocks may be certified (a certified block gets a fresh receipt for its current source); a draft in _drafts must be promoted with --from-draft; deprecated and retired blocks are refused. Changing a block's status away from certified by hand leaves its receipt behind: svc compile reports compile/receipt-orphaned until the certification key is removed from the companion (or the block is certified again).

--from-draft moves the draft out of _drafts (domains/<domain>/blocks/ or blocks/<domain>/), sets svc_contract (--contract, else the draft's suggested id), drops _proposed, answer_fingerprint and asked_times, moves the companion with the receipt, and prints the patch to apply to the contract manifest when the contract is not listed yet. A refused or interrupted promotion leaves every file as it was.

--term certifies a business term of semantic-layer/terms.yaml: it needs an owner, and every block it relates to must be certified itself; its entry gets status: certified and a receipt for its current content (an edited definition, synonym, owner or related block makes it pending recertification until it is certified again).

--view certifies a business view of semantic-layer/views.yaml the same way: it needs an owner, and every block and term it holds must be certified itself; its entry gets status: certified and a receipt for its current content (an edited name, description, synonym, owner, block or term makes it pending recertification until it is certified again).

In a project that signs receipts (svc init makes it so; svc-certifiers.json lists who may certify what), the receipt also carries signedBy and signature: your local key (svc keys init) signs the receipt's fields and the block id, or with a host its signing hook. A receipt whose signature does not verify, whose key is not listed, or whose certifier may not certify the block is never written. A project may run unsigned with "certification": { "signed": false } in svc.config.json, which svc lint and the Blocks page show as a warning.

--verify checks every receipt as every surface checks it: made for the current source, signed by a listed key that verifies and may certify the block. --rerun also runs each block that holds with its tests on its connection. Any failure exits 1; --format sarif prints the findings for code scanning. Use it in CI and in a pre-commit hook.

--resign signs, with your key, the receipts that still hold for their source but are unsigned or signed by a key no longer listed (after svc keys init or svc keys add); nothing else in them changes.

Exit codes: 0 certified (verified, re-signed), 1 not certifiable (or not written; a receipt that does not verify), 2 usage or configuration error.`;

export class CertifyCommand extends Command<SvcContext> {
  static override paths = [['certify']];
  static override usage = Command.Usage({
    description: 'Certify a block, or promote a draft block with --from-draft.',
    details: DETAILS,
    examples: [
      ['Certify a block by id', 'svc certify finance.weekly_revenue'],
      ['Certify by file under the enterprise rules', 'svc certify domains/finance/blocks/weekly_revenue.svc --enterprise'],
      ['Promote a captured draft', 'svc certify --from-draft domains/sales/blocks/_drafts/orders_by_state.svc --contract sales.Order.orders_by_state'],
      ['Certify a business term', 'svc certify --term customers.active_customer'],
      ['Certify a business view', 'svc certify --view finance.revenue_reporting'],
      ['Check every receipt in CI', 'svc certify --verify --format sarif > certify.sarif'],
      ['Sign the receipts that still hold', 'svc certify --resign'],
    ],
  });

  target = Option.String({ required: false, name: 'block-file|block-id' });
  fromDraft = Option.String('--from-draft', { description: 'Promote this draft file out of _drafts' });
  term = Option.String('--term', { description: 'Certify this business term of semantic-layer/terms.yaml (<domain>.<name>)' });
  view = Option.String('--view', { description: 'Certify this business view of semantic-layer/views.yaml (<domain>.<name>)' });
  domain = Option.String('--domain', { description: 'Domain to promote the draft into (default: its own)' });
  contract = Option.String('--contract', { description: 'Contract id (or id@version) to bind (default: the suggested id)' });
  owner = Option.String('--owner', { description: "The promoted block's owner" });
  enterprise = Option.Boolean('--enterprise', false, { description: 'Also apply the enterprise rules' });
  verify = Option.Boolean('--verify', false, { description: 'Check every receipt: source hash, signature, signer allowed' });
  rerun = Option.Boolean('--rerun', false, { description: "With --verify: run each certified block's tests again" });
  resign = Option.Boolean('--resign', false, { description: 'Sign the receipts that still hold with your key' });
  project = projectOption();
  format = Option.String('--format', 'text', { validator: t.isEnum(['text', 'json', 'sarif']), description: 'text, json, or sarif (with --verify)' });
  quiet = quietOption();

  /** A problem with the flags, or undefined. (clipanion would exit 1 for an error thrown here.) */
  private flagProblem(): string | undefined {
    const named = [this.target, this.fromDraft, this.term, this.view].filter((x) => x !== undefined).length;
    if (this.rerun && !this.verify) return '--rerun applies only with --verify.';
    if (this.format === 'sarif' && !this.verify) return '--format sarif applies only with --verify.';
    if (this.verify || this.resign) {
      const alone = !(this.verify && this.resign) && named === 0 && !this.enterprise;
      return alone ? undefined : '--verify and --resign go alone: they name no block and take neither each other nor --enterprise.';
    }
    if (named !== 1) return 'Name one block to certify, one draft with --from-draft, one term with --term, or one view with --view.';
    if (this.fromDraft === undefined && (this.domain ?? this.contract ?? this.owner) !== undefined) {
      return '--domain, --contract and --owner apply only with --from-draft.';
    }
    return undefined;
  }

  override async execute(): Promise<number> {
    const problem = this.flagProblem();
    if (problem !== undefined) {
      this.context.stderr.write(`Usage Error: ${problem}\n\n${this.cli.usage(CertifyCommand)}`);
      return 2;
    }
    if (this.verify || this.resign) return this.wholeProject();
    if (this.term !== undefined) return this.certifyTerm(this.term);
    if (this.view !== undefined) return this.certifyView(this.view);
    const common = {
      cwd: this.context.cwd,
      enterprise: this.enterprise,
      via: 'cli' as const,
      ...(this.project !== undefined ? { project: this.project } : {}),
    };
    const label = `certifying ${this.fromDraft ?? this.target ?? ''}: the engine prepares the query, then it runs with its tests`;
    const result = await withProgress(this.context.stderr, label, this.quiet, async () => {
      if (this.fromDraft !== undefined) {
        const { promoteDraft } = await import('../../runtime/certify/promote-draft.js');
        const flags = {
          ...(this.domain !== undefined ? { domain: this.domain } : {}),
          ...(this.contract !== undefined ? { contract: this.contract } : {}),
          ...(this.owner !== undefined ? { blockOwner: this.owner } : {}),
        };
        return promoteDraft({ ...common, draft: this.fromDraft, ...flags });
      }
      const { certifyBlock } = await import('../../runtime/certify/certify-block.js');
      return certifyBlock({ ...common, target: this.target ?? '' });
    });
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    } else {
      const { certifyText } = await import('../render/certify.js');
      this.context.stdout.write(certifyText(result));
    }
    return result.exitCode;
  }

  /** --verify or --resign: every receipt of the project. */
  private async wholeProject(): Promise<number> {
    const where = { cwd: this.context.cwd, ...(this.project !== undefined ? { project: this.project } : {}) };
    const render = await import('../render/certify-verify.js');
    if (this.resign) {
      const r = await (await import('../../runtime/certify/resign-receipts.js')).resignReceipts(where);
      this.context.stdout.write(this.format === 'json' ? `${JSON.stringify(r, null, 2)}\n` : render.resignText(r));
      return r.exitCode;
    }
    const r = await (await import('../../runtime/certify/verify-receipts.js')).verifyReceipts({ ...where, rerun: this.rerun });
    if (this.format === 'sarif') {
      const [{ toSarif }, { describer }] = await Promise.all([import('../render/sarif.js'), import('../../rules/lint-files.js')]);
      this.context.stdout.write(
        `${JSON.stringify(toSarif(r.diagnostics, describer([]), this.cli.binaryVersion ?? '0.0.0', r.root ?? this.context.cwd), null, 2)}\n`,
      );
    } else this.context.stdout.write(this.format === 'json' ? `${JSON.stringify(r, null, 2)}\n` : render.verifyText(r));
    return r.exitCode;
  }

  private async certifyTerm(term: string): Promise<number> {
    const { certifyTerm } = await import('../../runtime/certify/certify-term.js');
    const result = await certifyTerm({ cwd: this.context.cwd, term, ...(this.project !== undefined ? { project: this.project } : {}) });
    if (this.format === 'json') this.context.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else {
      const { diagnosticsText } = await import('../render/text.js');
      this.context.stdout.write(
        result.ok
          ? `Certified term ${result.term} (receipt ${result.receipt?.sourceSha256 ?? ''}) in ${result.written.join(', ')}\n`
          : `Not certified: term ${result.term}\n${diagnosticsText(result.diagnostics)}`,
      );
    }
    return result.exitCode;
  }

  private async certifyView(view: string): Promise<number> {
    const { certifyView } = await import('../../runtime/certify/certify-view.js');
    const result = await certifyView({ cwd: this.context.cwd, view, ...(this.project !== undefined ? { project: this.project } : {}) });
    if (this.format === 'json') this.context.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else {
      const { diagnosticsText } = await import('../render/text.js');
      this.context.stdout.write(
        result.ok
          ? `Certified view ${result.view} (receipt ${result.receipt?.sourceSha256 ?? ''}) in ${result.written.join(', ')}\n`
          : `Not certified: view ${result.view}\n${diagnosticsText(result.diagnostics)}`,
      );
    }
    return result.exitCode;
  }
}
