/** `svc keys prove [BLOCK...] [--relationship R]`: prove the grain keys and relationships certified blocks declare, over every row. */
import { Command, Option } from 'clipanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { keyProofsText } from '../render/key-proofs.js';
import { diagnosticsText } from '../render/text.js';

const DETAILS = `
Proves the keys each certified block declares with grain = { keys = [...], keyEvidence = "complete-source" }: the block's query (parameters at their declared defaults) is read whole on its connection, through the same query path as every run, and only counts come back: rows, distinct keys, rows with a null key, and keys held by more than one row. A key is proven (passed) when no key is null and none is held twice; otherwise the proof failed. A block that is not certified, declares no keys, needs a parameter without a default or cannot run is an error with its code. Never prints a row or a key value.

Each relationship a certified block declares (relationships { customer = { to = "sales.customers", keys = ["customer_id"], cardinality = "many-to-one" } }) is validated over every row of both blocks, in one statement on their connection: per side its rows, null keys and duplicate keys, the orphan keys (keys of the declaring block the other does not hold) and the cardinality the rows show. It passes when no key is null or an orphan, the other block holds each key once, and for one-to-one the declaring block does too.

Names (block ids, names or block files) narrow the key proofs, and --relationship (a qualified id <block id>.<name>, a block file or a relationship name) the validations; naming only one kind proves only that kind, naming neither proves everything certified. A relationship no block declares answers RELATIONSHIP_NOT_DECLARED.

Each proof keeps its evidence (keys, status, counts, source hash, when and for whom) in .svc/local/key-proofs/<block id>.json, outside git. svc certify --enterprise runs the same proof.

Exit codes: 0 every proof passed, 1 a proof failed or could not run, 2 usage or configuration error.`;

export class KeysProveCommand extends Command<SvcContext> {
  static override paths = [['keys', 'prove']];
  static override usage = Command.Usage({
    description: 'Prove the grain keys and relationships of certified blocks over every row (counts only).',
    details: DETAILS,
    examples: [
      ['Prove every certified block with keys', 'svc keys prove'],
      ['Prove one block', 'svc keys prove customers.customer_directory --format json'],
      ['Validate one relationship', 'svc keys prove --relationship sales.orders.customer'],
    ],
  });

  blocks = Option.Rest({ name: 'block' });
  relationships = Option.Array('--relationship', { description: 'A declared relationship to validate (repeatable)' });
  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { keysProve } = await import('../../runtime/certify/keys-prove.js');
    const r = await keysProve({
      cwd: this.context.cwd,
      blocks: this.blocks,
      ...(this.relationships !== undefined ? { relationships: this.relationships } : {}),
      ...(this.project !== undefined ? { project: this.project } : {}),
      log: (line) => this.context.stderr.write(`${line}\n`),
    });
    if (this.format === 'json') this.context.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    else if (r.exitCode === 2) this.context.stdout.write(diagnosticsText(r.diagnostics));
    else this.context.stdout.write(keyProofsText(r));
    return r.exitCode;
  }
}
