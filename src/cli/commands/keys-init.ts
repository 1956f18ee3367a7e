/** `svc keys init`: make the local certification signing key; start the project's certifier list. */
import { Command } from 'clipanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { diagnosticsText } from '../render/text.js';

const DETAILS = `
Makes an Ed25519 key pair for signing certification receipts, or keeps the one already there. The private key stays outside every project, readable by you alone: in $SVC_KEY_DIR, else $XDG_CONFIG_HOME/svc/keys, else ~/.config/svc/keys. It is never written into a project and never committed.

Inside a project without svc-certifiers.json it also starts that list, with you (the local owner) allowed to certify every block. That first version is trusted as found: commit it through your usual review. From then on the project signs receipts (unless svc.config.json sets certification.signed to false): run svc certify --resign to sign the receipts that still hold.

Prints the key's id and public key: a certifier already listed adds you with svc keys add <you> --key <public key> --may <domains>.

Exit codes: 0 done, 1 the key could not be made.`;

export class KeysInitCommand extends Command<SvcContext> {
  static override paths = [['keys', 'init']];
  static override usage = Command.Usage({
    description: 'Make the local key that signs certification receipts (kept outside the project).',
    details: DETAILS,
    examples: [['Make the key and start the certifier list', 'svc keys init']],
  });

  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { keysInit } = await import('../../runtime/certify/keys.js');
    const r = keysInit({ cwd: this.context.cwd, ...(this.project !== undefined ? { project: this.project } : {}) });
    if (this.format === 'json') this.context.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    else if (r.exitCode !== 0) this.context.stdout.write(diagnosticsText(r.diagnostics));
    else {
      this.context.stdout.write(`${r.created ? 'Made' : 'Kept'} signing key ${r.keyId} (private key: ${r.keyFile})\nPublic key: ${r.publicKey}\n`);
      if (r.written.length > 0) this.context.stdout.write(`Started ${r.written.join(', ')}: you may certify every block. Next: svc certify --resign\n`);
    }
    return r.exitCode;
  }
}
