/**
 * The one registry of diagnostic codes that are not policy rules. Policy rules (certification,
 * lint, preflight, answer trust) carry their own ids, messages and hints in their JSON policy
 * documents; `test/meta/codes.test.ts` checks the two sets never overlap.
 *
 * Codes are `area/kebab-name`. Messages and hints are templates over the diagnostic's data.
 * Entries are sorted by code.
 */
import type { Severity } from './diagnostics.js';

export interface CodeEntry {
  readonly severity: Severity;
  readonly message: string;
  readonly hint?: string;
}

function entry(severity: Severity, message: string, hint?: string): CodeEntry {
  return hint === undefined ? { severity, message } : { severity, message, hint };
}

export const CODES = {
  'app/invalid': entry('error', 'App document does not match its schema at {{pointer}}: {{problem}}.', 'Fix the value at {{pointer}}.'),
  'app/not-found': entry('error', 'No App {{app}} in this project.', 'Known Apps: {{known}}. An App lives in apps/<id>/svc.app.json.'),
  'app/page-missing': entry('error', 'App {{app}} page {{page}} points at {{dashboard}}, which does not exist.', 'Create the page document or fix the path.'),
  'app/schedule-cron-invalid': entry(
    'error',
    'Schedule {{schedule}} of App {{app}} has cadence {{cron}}, which is not a cron expression: {{problem}}.',
    'Write five fields (minute hour day-of-month month day-of-week), read in UTC, for example "0 7 * * 1".',
  ),
  'app/schedule-monitor-tile': entry(
    'error',
    'Monitor {{monitor}} of schedule {{schedule}} watches tile {{tile}}, which is not a data tile of page {{page}}.',
    'Name a KPI, chart or table tile of that page; a monitor reads its single figure.',
  ),
  'app/schedule-page-unknown': entry(
    'error',
    'Schedule {{schedule}} of App {{app}} runs page {{page}}, which the App does not have.',
    "Name one of the App's page ids.",
  ),
  'app/unknown-source': entry(
    'error',
    'Tile {{tile}} on {{app}}/{{page}} is bound to {{source}}, which is not a block in this project.',
    'Bind the tile to an existing block id (<domain>.<name>).',
  ),
  'ask/model-config-invalid': entry(
    'error',
    'ask.provider in svc.config.json cannot be used: {{problem}}',
    'Fix ask.provider (kind, model, baseUrl, apiKeyEnv), or set "kind": "none" to answer from certified blocks only.',
  ),
  'ask/model-not-loopback': entry(
    'error',
    'ask.provider in svc.config.json reaches beyond this machine: {{problem}}',
    'Point ask.provider.baseUrl at a loopback address (127.0.0.1 or localhost), or use kind "openai-compatible" for a remote model.',
  ),
  'certify/ambiguous-file': entry('error', 'File {{file}} declares {{count}} blocks ({{blocks}}).', 'Name one block by id: svc certify <domain>.<name>.'),
  'certify/certifiers-invalid': entry(
    'error',
    'The certifier list {{file}} trusts nobody: {{problem}}. No signed receipt counts until it is fixed.',
    'Restore the list from version control, or have a listed certifier sign the change: svc keys add.',
  ),
  'certify/certifiers-rewritten': entry(
    'error',
    'The certifier list {{file}} does not continue its history: {{problem}}. Only a new version signed by a listed certifier may change it.',
    'Restore the committed versions and add the change as a new version with svc keys add.',
  ),
  'certify/contract-invalid': entry(
    'error',
    'Contract {{value}} ({{from}}) is not <domain>.<Entity>.<name> or <domain>.<Entity>.<name>@<version>.',
    'Pass --contract sales.Order.orders_by_state, or sales.Order.orders_by_state@2 for a listed version.',
  ),
  'certify/contract-unchecked': entry(
    'warning',
    'No contract manifest is loaded: svc_contract {{contract}} is set but not checked.',
    'Add a contract manifest listing {{contract}} so the binding resolves.',
  ),
  'certify/contract-unlisted': entry(
    'warning',
    'Contract {{contract}} is not listed in {{path}} yet; it resolves once the printed patch is applied.',
    'Apply the patch from the project root (git apply, or patch -p1), then run svc compile.',
  ),
  'certify/destination-exists': entry(
    'error',
    'Promotion target {{destination}} already exists.',
    'Rename the draft or promote it into another domain with --domain; promotion never overwrites a block.',
  ),
  'certify/duplicate-block': entry(
    'error',
    'Block {{block}} already exists in {{other}}.',
    'Rename the draft block, or promote it into another domain with --domain.',
  ),
  'certify/in-drafts': entry(
    'error',
    'Block {{block}} is a draft in {{file}}; certifying it in place would leave it in _drafts.',
    'Promote it instead: svc certify --from-draft {{file}}.',
  ),
  'certify/invalid-domain': entry(
    'error',
    'Domain {{domain}} is not a lower-case folder name.',
    'Use lower-case letters, digits and underscores, starting with a letter.',
  ),
  'certify/no-contract': entry(
    'warning',
    'Draft {{block}} suggests no contract and none was given; svc_contract is not set.',
    'Pass --contract <domain>.<Entity>.<name> to bind one.',
  ),
  'certify/no-signing-key': entry(
    'error',
    'This project signs certification receipts, and there is no signing key at {{dir}}.',
    'Make one with svc keys init (a listed certifier must add its public key to svc-certifiers.json).',
  ),
  'certify/not-a-draft': entry('error', '{{file}} is not a draft in a _drafts folder.', 'Certify it in place: svc certify {{file}}.'),
  'certify/not-found': entry('error', 'No block {{target}} in this project.', 'Pass a block file or a <domain>.<name> id; svc compile lists the blocks.'),
  'certify/receipt-bad-signature': entry(
    'error',
    "Block {{block}}'s certification receipt does not verify against the key it names ({{signedBy}}), so it is pending recertification and answers nothing as certified.",
    'The receipt was changed after it was signed. Review the block, then certify it again with svc certify {{file}}.',
  ),
  'certify/receipt-missing': entry(
    'error',
    'Block {{block}} is marked certified but has no certification receipt ({{companion}}), so it is pending recertification and answers nothing as certified.',
    'Certify it with svc certify {{file}}, which runs its tests and writes the receipt.',
  ),
  'certify/receipt-signer-not-allowed': entry(
    'error',
    "Block {{block}}'s certification receipt is signed by {{signedBy}}, a certifier not allowed to certify this block's domain or path, so it is pending recertification.",
    'Have a certifier allowed for it (svc-certifiers.json) certify it with svc certify {{file}}.',
  ),
  'certify/receipt-stale': entry(
    'error',
    'Block {{block}} changed since it was certified (receipt {{receipt}}, source now {{current}}), so it is pending recertification and answers nothing as certified.',
    'Review the change, then certify it again with svc certify {{file}}.',
  ),
  'certify/receipt-unknown-signer': entry(
    'error',
    "Block {{block}}'s certification receipt is signed by {{signedBy}}, a key not on the certifier list in force, so it is pending recertification.",
    'Have a listed certifier certify it with svc certify {{file}}, or add the key to svc-certifiers.json through a signed change.',
  ),
  'certify/receipt-unsigned': entry(
    'error',
    "Block {{block}}'s certification receipt is not signed, and this project signs receipts, so it is pending recertification.",
    'Sign it: svc certify --resign (after svc keys init), or certify it again with svc certify {{file}}.',
  ),
  'certify/rerun-failed': entry(
    'error',
    'Certified block {{block}} no longer passes against the warehouse: {{reason}}.',
    'Look at what changed in the data or the block, fix it, then certify it again with svc certify {{file}}.',
  ),
  'certify/signing-failed': entry(
    'error',
    'The certification of {{block}} could not be signed ({{reason}}), so no receipt was written.',
    'Check the signing key or key service (reference {{reference}}) and certify again.',
  ),
  'certify/status-not-certifiable': entry(
    'error',
    'Block {{block}} is {{status}}; a {{status}} block is not certified again.',
    'Set status = "review" first if it should come back into use.',
  ),
  'certify/term-not-found': entry(
    'error',
    'No term {{term}} in semantic-layer/terms.yaml.',
    'Pass the id (<domain>.<name>) of a term declared in semantic-layer/terms.yaml.',
  ),
  'certify/term-receipt-missing': entry(
    'error',
    'Term {{term}} is marked certified but has no certification receipt, so it is pending recertification and answers nothing as certified.',
    'Certify it with svc certify --term {{term}}.',
  ),
  'certify/term-receipt-orphaned': entry(
    'error',
    'Term {{term}} keeps a certification receipt while it is {{status}}.',
    'Remove its certification key, or certify it again with svc certify --term {{term}}.',
  ),
  'certify/term-receipt-signature': entry(
    'error',
    "Term {{term}}'s certification receipt does not hold in this signing project ({{verdict}}, signed by {{signedBy}}), so it is pending recertification and answers nothing as certified.",
    'Have a listed certifier allowed for the term certify it again with svc certify --term {{term}}.',
  ),
  'certify/term-receipt-stale': entry(
    'error',
    'Term {{term}} changed since it was certified, so it is pending recertification and answers nothing as certified.',
    'Review the change, then certify it again with svc certify --term {{term}}.',
  ),
  'certify/term-related': entry(
    'error',
    'Term {{term}} relates to {{block}}, which is {{state}}.',
    'A certified term points only at certified blocks: certify {{block}} first, or remove it from related.',
  ),
  'certify/unsigned-project': entry(
    'warning',
    'Certification receipts in this project are not signed: a receipt proves the source hash, not who certified it (certification.signed is false in svc.config.json, or there is no svc-certifiers.json).',
    'Run svc keys init and svc certify --resign, then drop "signed": false from svc.config.json.',
  ),
  'certify/view-member': entry(
    'error',
    'View {{view}} holds {{kind}} {{member}}, which is {{state}}.',
    'A certified view holds only certified blocks and terms: certify {{member}} first, or remove it from the view.',
  ),
  'certify/view-not-found': entry(
    'error',
    'No view {{view}} in semantic-layer/views.yaml.',
    'Pass the id (<domain>.<name>) of a view declared in semantic-layer/views.yaml.',
  ),
  'certify/view-receipt-missing': entry(
    'error',
    'View {{view}} is marked certified but has no certification receipt, so it is pending recertification: it answers nothing, scopes no question and is shown beside no answer.',
    'Certify it with svc certify --view {{view}}.',
  ),
  'certify/view-receipt-orphaned': entry(
    'error',
    'View {{view}} keeps a certification receipt while it is {{status}}.',
    'Remove its certification key, or certify it again with svc certify --view {{view}}.',
  ),
  'certify/view-receipt-signature': entry(
    'error',
    "View {{view}}'s certification receipt does not hold in this signing project ({{verdict}}, signed by {{signedBy}}), so it is pending recertification and answers nothing as certified.",
    'Have a listed certifier allowed for the view certify it again with svc certify --view {{view}}.',
  ),
  'certify/view-receipt-stale': entry(
    'error',
    'View {{view}} changed since it was certified, so it is pending recertification: it answers nothing, scopes no question and is shown beside no answer.',
    'Review the change, then certify it again with svc certify --view {{view}}.',
  ),
  'certify/write-failed': entry(
    'error',
    'Writing {{file}} failed ({{reason}}); every file was restored.',
    'Check permissions and free space, then run the command again.',
  ),
  'compile/certified-in-drafts': entry(
    'warning',
    'Block {{block}} is certified but sits in a drafts folder.',
    'Promote it with svc certify --from-draft, which moves it out of _drafts.',
  ),
  'compile/column-invalid': entry(
    'error',
    'Column {{column}} of block {{block}}: {{problem}}.',
    'Write columns { name = { synonyms = ["..."], unit = "hours", sensitive = "contact", additive = true } } (a dimension no sum may cross: nonAdditive = true).',
  ),
  'compile/companion-invalid': entry('error', 'Companion file cannot be read: {{problem}}.', 'Fix the YAML or delete the file; svc certify writes it again.'),
  'compile/companion-status-mismatch': entry(
    'error',
    'Companion reviewStatus {{reviewStatus}} differs from block status {{status}}.',
    'Set reviewStatus: {{status}} in the companion YAML.',
  ),
  'compile/contract-format': entry(
    'error',
    'svc_contract {{value}} is not <domain>.<Entity>.<name>@<version>.',
    'Write svc_contract = "finance.Revenue.weekly_revenue@1".',
  ),
  'compile/contract-manifest-invalid': entry(
    'error',
    'Contract manifest is invalid at {{pointer}}: {{problem}}.',
    'Fix {{path}}; the contract check is skipped until it reads.',
  ),
  'compile/contract-manifest-missing': entry(
    'warning',
    'No contract manifest at {{path}}: the contract check is skipped.',
    'Add svc-contract-manifest.json to resolve svc_contract bindings.',
  ),
  'compile/contract-unresolved': entry(
    'error',
    'Block {{block}} binds contract {{contract}}, which the contract manifest does not list.',
    'Add the contract to {{path}} or fix svc_contract.',
  ),
  'compile/domain-mismatch': entry(
    'warning',
    'Block {{block}} declares domain {{declared}} but sits in the {{folder}} folder.',
    'Move the file or change domain; the folder decides where drafts and promotions go.',
  ),
  'compile/duplicate-block': entry(
    'error',
    'Block id {{block}} is declared more than once (also in {{other}}).',
    'Rename one of the blocks; ids are <domain>.<name>.',
  ),
  'compile/duplicate-field': entry('error', 'Field {{field}} is set more than once in block {{block}}.', 'Keep one assignment.'),
  'compile/empty-project': entry(
    'warning',
    'No block files were found under {{root}}.',
    'Put blocks in domains/<domain>/blocks/*.svc or blocks/<domain>/*.svc.',
  ),
  'compile/field-type': entry('error', 'Field {{field}} of block {{block}} must be {{expected}}.', 'Write {{field}} as {{expected}}.'),
  'compile/grain-invalid': entry(
    'error',
    'The grain of block {{block}} cannot be read: {{problem}}.',
    'Write grain = { keys = ["customer_id"], keyEvidence = "complete-source" }: keys lists result column names, and complete-source is the only evidence.',
  ),
  'compile/grain-key-unknown': entry(
    'error',
    'Grain key {{key}} of block {{block}} is not one of its declared outputs ({{outputs}}).',
    'Name result columns as keys, or add the column to outputs.',
  ),
  'compile/grain-keys-empty': entry(
    'error',
    'The grain of block {{block}} declares keys = [] (no column names one row).',
    'List the columns that name one row, e.g. keys = ["customer_id"], or drop keys.',
  ),
  'compile/invalid-name': entry(
    'error',
    'Block name {{name}} must be lower case letters, digits and underscores, starting with a letter.',
    'Rename the block, for example "weekly_revenue".',
  ),
  'compile/invalid-param': entry(
    'error',
    'Parameter {{param}} of block {{block}}: {{problem}}.',
    'Declare parameters as name: type = default with type string, number, integer, boolean or date.',
  ),
  'compile/invalid-row-rule': entry(
    'error',
    'Row rule of block {{block}}: {{problem}}.',
    'Write a row rule as @rls(<column> = {user.<attribute>}) or @rls(<column> IN {user.<attribute>}).',
  ),
  'compile/invalid-status': entry(
    'error',
    'Status {{status}} of block {{block}} is not one of draft, review, certified, pending_recertification, deprecated, retired.',
    'Use one of the listed statuses.',
  ),
  'compile/invalid-test': entry('error', 'Test of block {{block}}: {{problem}}.', 'Write tests as assert <column|row_count> <op> <value>.'),
  'compile/manifest-stale': entry('error', 'svc-manifest.json is out of date.', 'Run svc compile and commit the result.'),
  'compile/manifest-unwritable': entry(
    'error',
    'svc-manifest.json could not be written ({{reason}}).',
    'Make svc-manifest.json a writable file (not a folder) in a writable project folder; the previous manifest is unchanged.',
  ),
  'compile/misplaced-member': entry('error', '{{member}} is not allowed {{where}}.', 'Parameters go in params { }, assertions in tests { }.'),
  'compile/missing-field': entry('error', 'Block {{block}} has no {{field}}.', 'Add {{field}} = ... to the block.'),
  'compile/no-blocks-in-file': entry('warning', 'File declares no block.', 'Add block "<name>" { ... } or delete the file.'),
  'compile/receipt-orphaned': entry(
    'error',
    'Companion of {{block}} keeps a certification receipt while the block is {{status}}.',
    'Remove the certification key, or certify the block again.',
  ),
  'compile/relationship-invalid': entry(
    'error',
    'A relationship of block {{block}} cannot be read: {{problem}}.',
    'Write relationships { customer = { to = "<domain>.<name>", keys = ["customer_id"], toKeys = ["id"], cardinality = "many-to-one" } }: cardinality is many-to-one or one-to-one, toKeys is optional.',
  ),
  'compile/relationship-key-unknown': entry(
    'error',
    'Key {{key}} of relationship {{relationship}} of block {{block}} is not one of its declared outputs ({{outputs}}).',
    "Name result columns of this block as keys (the other block's columns go in toKeys), or add the column to outputs.",
  ),
  'compile/sql-unreadable': entry(
    'warning',
    'The query of {{block}} could not be read for tables: {{reason}}.',
    'Check the SQL; lineage for this block is empty.',
  ),
  'compile/undeclared-param': entry(
    'error',
    'Query of {{block}} uses ${{{param}}}, which is not declared in params.',
    'Declare it in params { {{param}}: string }.',
  ),
  'compile/unknown-field': entry(
    'warning',
    'Field {{field}} is not a known block field; it is kept as written.',
    'Check the spelling, or ignore if it is project metadata.',
  ),
  'compile/unused-param': entry(
    'warning',
    'Parameter {{param}} of {{block}} is declared but the query never uses it.',
    'Use ${{{param}}} in the query or remove the declaration.',
  ),
  'config/invalid': entry('error', 'svc.config.json is invalid at {{pointer}}: {{problem}}.', 'Fix the value at {{pointer}}.'),
  'config/invalid-json': entry('error', 'svc.config.json is not valid JSON: {{problem}}.', 'Fix the JSON syntax.'),
  'config/missing': entry(
    'error',
    'No svc.config.json found in {{dir}} or any folder above it.',
    'Run svc in a project folder, pass --project DIR, or create svc.config.json with {"project": "<name>"}.',
  ),
  'config/password-in-config': entry(
    'error',
    'Connection {{connection}} writes its password in svc.config.json, a file kept in git.',
    'Remove "password"; name an environment variable in "passwordEnv", or keep it in .svc/local/private/credentials.json as {"{{connection}}": {"password": "..."}}.',
  ),
  'config/statement-allow': entry(
    'info',
    "Connection {{connection}} adds to its engine's allow list for reads: {{names}}.",
    'These names pass the statement check on this connection as if the engine listed them; keep only functions and relations known to be harmless, reviewed like code.',
  ),
  'eval/duplicate-id': entry('error', 'Question id {{id}} is used more than once.', 'Give every question its own id.'),
  'eval/invalid': entry('error', 'The question set is invalid at {{pointer}}: {{problem}}.', 'Fix the value at {{pointer}}.'),
  'eval/unreadable': entry('error', 'The question set cannot be read: {{problem}}.', 'Check the path, and that the file is YAML.'),
  'file/not-utf8': entry('error', 'File is not valid UTF-8 text (first bad byte at offset {{offset}}).', 'Save the file as UTF-8.'),
  'file/symlink-loop': entry('error', 'Folder link loops back to {{target}}; it was not followed.', 'Remove the looping link.'),
  'file/too-large': entry('error', 'File is {{size}} bytes; block files are limited to {{limit}} bytes.', 'Split the file into smaller block files.'),
  'file/unreadable': entry('error', 'File cannot be read: {{reason}}.', 'Check that the file exists and is readable.'),
  'init/already-a-project': entry(
    'error',
    '{{dir}} already holds an svc project (svc.config.json).',
    'Work in the existing project, or run svc init in another folder.',
  ),
  'init/example-needs-sqlite': entry(
    'error',
    'The example warehouse is a SQLite file, so --example cannot be combined with --warehouse {{warehouse}}.',
    'Run svc init --example, or svc init --warehouse {{warehouse}} without --example.',
  ),
  'init/file-exists': entry(
    'error',
    'svc init would write {{file}}, which already exists.',
    'Move the file aside, or run svc init in another folder; init never overwrites a file.',
  ),
  'init/not-a-folder': entry('error', '{{dir}} is not a folder.', 'Name a folder to create the project in (it is created when missing).'),
  'init/not-empty': entry(
    'error',
    '{{dir}} is not empty ({{entries}}).',
    'Run svc init in an empty folder, or pass --force to add the project beside these files (nothing existing is overwritten).',
  ),
  'init/signing-key-failed': entry(
    'error',
    'The certification signing key could not be made: {{reason}}.',
    'Check that the key folder (SVC_KEY_DIR, else ~/.config/svc/keys) is writable, then run svc init again.',
  ),
  'init/write-failed': entry(
    'error',
    'The project could not be written: {{reason}}. Nothing was left behind.',
    'Check that the folder is writable and has space.',
  ),
  'lint/no-files': entry('info', 'No block files to lint.', 'Pass .svc files: svc lint path/to/file.svc.'),
  'parse/expected-value': entry('error', 'Expected a value after {{after}}, found {{found}}.', 'Write a string, number, boolean, array or { ... } object.'),
  'parse/internal-error': entry('error', 'The parser failed unexpectedly: {{problem}}.', 'Report this as a bug in svc, with the file that caused it.'),
  'parse/invalid-character': entry('error', 'Unexpected character {{char}}.', 'Remove it or put it inside a string.'),
  'parse/invalid-escape': entry('error', 'Invalid escape {{escape}} in string.', 'Use JSON escapes (\\n, \\", \\\\, \\uXXXX) or a """ raw string.'),
  'parse/too-deep': entry('error', 'Values nest deeper than {{limit}} levels.', 'Flatten the value.'),
  'parse/too-many-errors': entry('error', 'More than {{limit}} syntax errors; the rest of the file is not reported.', 'Fix the first errors and parse again.'),
  'parse/unexpected-token': entry('error', 'Unexpected {{found}}; expected {{expected}}.', 'Check the syntax near this position.'),
  'parse/unterminated-comment': entry('error', 'Comment starting here is never closed with */.', 'Close the comment.'),
  'parse/unterminated-string': entry('error', 'String starting here is never closed.', 'Close the string with its quote.'),
  'policy/invalid': entry('error', 'Policy rules in {{source}} are invalid at {{pointer}}: {{problem}}.', 'Fix the value at {{pointer}}.'),
  'policy/severity-lowered': entry(
    'error',
    '{{source}} at {{pointer}} lowers rule {{rule}} from {{from}} to {{to}}; a project may only raise severities.',
    'Remove the entry or raise the severity instead.',
  ),
  'policy/unknown-policy': entry('error', '{{source}} at {{pointer}} names policy {{policy}}, which does not exist.', 'Use one of: {{known}}.'),
  'policy/unknown-rule': entry(
    'error',
    '{{source}} at {{pointer}} raises rule {{rule}}, which policy {{policy}} does not have.',
    'Check the rule id, or add the rule with { "policy": ..., "rule": { ... } }.',
  ),
  'sql/dangling-end': entry('error', 'The query of {{block}} ends on {{found}}, which needs more after it.', 'Finish the clause, or remove {{found}}.'),
  'sql/engine-error': entry(
    'error',
    'The engine could not prepare the query of {{block}}: {{message}}.',
    'Fix the query; svc compile --validate has the engine prepare it without running anything.',
  ),
  'sql/engine-unavailable': entry(
    'error',
    'Connection {{connection}} could not be reached to validate its blocks: {{message}}.',
    'Check the connection in svc.config.json (svc doctor shows where it points and why it fails); its queries were checked offline only.',
  ),
  'sql/misspelt-keyword': entry(
    'error',
    'Syntax error in the query of {{block}}: {{found}} stands where a keyword must; did you mean {{suggestion}}?',
    'Write {{suggestion}} instead of {{found}}.',
  ),
  'sql/not-a-read': entry('error', "The query of {{block}} begins with {{found}}; a block's query must be one read (SELECT, WITH, VALUES, ...).", '{{hint}}'),
  'sql/unbalanced-parenthesis': entry('error', 'The query of {{block}} has an unmatched {{found}}.', 'Match every ( with a ).'),
  'sql/unknown-column': entry(
    'error',
    'The query of {{block}} names column {{column}}, which {{tables}} does not have (schema snapshot of connection {{connection}}, taken {{takenAt}}).',
    '{{hint}}',
  ),
  'sql/unknown-table': entry(
    'error',
    'The query of {{block}} reads {{table}}, which connection {{connection}} does not have (schema snapshot taken {{takenAt}}).',
    '{{hint}}',
  ),
  'sql/unterminated': entry('error', 'The query of {{block}} has a {{what}} that is never closed.', 'Close it where it should end.'),
  'terms/duplicate': entry('error', 'Term {{term}} is declared more than once.', 'Keep one entry per term id in semantic-layer/terms.yaml.'),
  'terms/invalid': entry(
    'error',
    'semantic-layer/terms.yaml is invalid at {{pointer}}: {{problem}}.',
    'Fix the value at {{pointer}}; until then the project has no terms.',
  ),
  'terms/unknown-related': entry(
    'warning',
    'Term {{term}} relates to {{block}}, which is not a block in this project.',
    'Fix the id (<domain>.<name>) or remove it from related.',
  ),
  'views/duplicate': entry('error', 'View {{view}} is declared more than once.', 'Keep one entry per view id in semantic-layer/views.yaml.'),
  'views/invalid': entry(
    'error',
    'semantic-layer/views.yaml is invalid at {{pointer}}: {{problem}}.',
    'Fix the value at {{pointer}}; until then the project has no views.',
  ),
  'views/unknown-block': entry(
    'warning',
    'View {{view}} holds {{block}}, which is not a block in this project.',
    "Fix the id (<domain>.<name>) or remove it from the view's blocks.",
  ),
  'views/unknown-term': entry(
    'warning',
    'View {{view}} holds term {{term}}, which is not a term of semantic-layer/terms.yaml.',
    "Fix the id (<domain>.<name>) or remove it from the view's terms.",
  ),
} as const satisfies Record<string, CodeEntry>;

export type Code = keyof typeof CODES;

/** True when `code` is a registered (non-policy) diagnostic code. */
export function isRegisteredCode(code: string): code is Code {
  return Object.hasOwn(CODES, code);
}
