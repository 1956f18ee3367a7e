/** Text for `svc certify --verify` and `--resign`: one line per receipt, then the findings. */
import type { ResignResult } from '../../runtime/certify/resign-receipts.js';
import type { VerifyResult } from '../../runtime/certify/verify-receipts.js';
import { diagnosticsText } from './text.js';

export function verifyText(r: VerifyResult): string {
  const lines = r.blocks.map((b) => {
    const signer = b.signedBy !== undefined ? ` signed by ${b.signedBy}` : '';
    const rerun = b.rerun !== undefined ? `, rerun ${b.rerun}` : '';
    return `${b.receipt === 'valid' ? 'ok  ' : 'FAIL'} ${b.block}: receipt ${b.receipt}${signer}${rerun}\n`;
  });
  const verdict = r.exitCode === 0 ? `${r.blocks.length} receipt(s) verified\n` : 'Receipts do not verify\n';
  return `${lines.join('')}${diagnosticsText(r.diagnostics)}${verdict}`;
}

export function resignText(r: ResignResult): string {
  const done = r.resigned.length === 0 ? 'No receipt needed signing\n' : `Signed the receipts of ${r.resigned.join(', ')}\n`;
  return `${diagnosticsText(r.diagnostics)}${done}`;
}
