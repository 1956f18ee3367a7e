/** `svc keys add <id> --key K --may D,...`: list a certifier in a new version signed by your key. */
import { Command, Option } from 'clipanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { diagnosticsText } from '../render/text.js';

const DETAILS = `
Writes a new version of svc-certifiers.json that lists the certifier <id> with public key --key (as svc keys init prints it) allowed to certify what --may names: domain names, * for every block, or block-file patterns such as domains/sales/** (comma-separated). An entry with the same id is replaced, so this also changes what a certifier may certify.

The new version names the one before it by hash and is signed by your local key, which must be on the version in force: adding a certifier takes one who is already listed. A list whose chain does not verify trusts nobody, and every signed receipt then waits for recertification.

Exit codes: 0 written, 1 refused (no key, not listed, or a list that does not verify), 2 usage or configuration error.`;

export class KeysAddCommand extends Command<SvcContext> {
  static override paths = [['keys', 'add']];
  static override usage = Command.Usage({
    description: 'List a certifier in svc-certifiers.json, signed by your key.',
    details: DETAILS,
    examples: [['Let bea certify finance', 'svc keys add bea@acme.test --key 3q2-... --may finance']],
  });

  id = Option.String({ name: 'id' });
  key = Option.String('--key', { required: true, description: "The certifier's public key (base64url)" });
  may = Option.String('--may', { required: true, description: 'Domains, * or block-file patterns they may certify (comma-separated)' });
  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { keysAdd } = await import('../../runtime/certify/keys.js');
    const may = this.may
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m !== '');
    const r = keysAdd({ cwd: this.context.cwd, id: this.id, key: this.key, may, ...(this.project !== undefined ? { project: this.project } : {}) });
    if (this.format === 'json') this.context.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    else if (r.exitCode !== 0) this.context.stdout.write(diagnosticsText(r.diagnostics));
    else this.context.stdout.write(`Listed ${this.id} in ${r.written.join(', ')}, signed by ${r.keyId}\n`);
    return r.exitCode;
  }
}
