/**
 * `contract-resolves`: a block's `svc_contract` is listed in the loaded contract manifest.
 * Per the tier rules, a project without a contract manifest still serves certified blocks
 * (the check is skipped with a compile warning), so an `unchecked` contract passes unless the
 * rule sets `allowUnchecked: false`. A block without a contract passes unless `required`.
 *
 *   { "kind": "contract-resolves" }
 *   { "kind": "contract-resolves", "required": true, "allowUnchecked": false }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

interface Options {
  required?: boolean;
  allowUnchecked?: boolean;
}

export default defineCheck<Options>({
  kind: 'contract-resolves',
  description: "The block's svc_contract resolves in the loaded contract manifest.",
  optionsSchema: checkSchema('contract-resolves', {
    required: { type: 'boolean', description: 'A block without svc_contract fails.' },
    allowUnchecked: { type: 'boolean', description: 'Pass when no contract manifest is loaded (default true).' },
  }),
  evaluate(options, facts) {
    const contract = facts.block?.contract;
    if (contract === undefined) {
      const data = { contract: '(none)', status: 'absent' };
      return options.required === true ? failed(data) : passed(data);
    }
    // The compiler decides resolved/unresolved/unchecked; a caller that loaded the manifest
    // after compiling can still say so through contractsLoaded.
    const status = contract.status === 'unchecked' && facts.contractsLoaded === true ? 'unresolved' : contract.status;
    const data = { contract: contract.raw, status };
    if (status === 'resolved') return passed(data);
    if (status === 'unchecked' && options.allowUnchecked !== false) return passed(data);
    return failed(data);
  },
});
