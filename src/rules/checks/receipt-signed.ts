/**
 * `receipt-signed`: the block's receipt holds as the project requires. The compiler judged the
 * receipt once (src/compiler/project/receipt-signature.ts) against the certifier list in force
 * and recorded its state; in a project that signs receipts a receipt for the current source is
 * still refused when it is unsigned, its key is not listed, its signature does not verify, or its
 * certifier may not certify this block. The failure names which, with its diagnostic code.
 *
 *   { "kind": "receipt-signed" }
 */
import { VERDICT_CODES } from '../../compiler/project/receipt-signature.js';
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

type Options = Record<string, never>;

const WHY: Readonly<Record<string, [code: string, reason: string]>> = {
  unsigned: [VERDICT_CODES.unsigned, 'its certification receipt is not signed'],
  'unknown-signer': [VERDICT_CODES['unknown-signer'], 'its certification receipt is signed by a key not on the certifier list'],
  'bad-signature': [VERDICT_CODES['bad-signature'], 'its certification receipt does not verify against the key it names'],
  'signer-not-allowed': [VERDICT_CODES['signer-not-allowed'], "its certification receipt is signed by a certifier not allowed for this block's domain"],
};

export default defineCheck<Options>({
  kind: 'receipt-signed',
  description: "The block's certification receipt is signed by a listed certifier allowed to certify it (when the project signs receipts).",
  optionsSchema: checkSchema('receipt-signed', {}),
  evaluate(_options, facts) {
    const state = facts.block?.receipt ?? 'none';
    const why = WHY[state];
    if (why === undefined) return passed({ receipt: state, code: '(none)', reason: 'its receipt holds' });
    return failed({ receipt: state, code: why[0], reason: why[1] });
  },
});
