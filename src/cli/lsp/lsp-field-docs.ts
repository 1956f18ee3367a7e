/**
 * What each block field means, in one or two sentences, for completion and hover in an editor.
 * The full reference is docs/block-language.md; these are the words shown beside the cursor.
 */
export const FIELD_DOCS: Readonly<Record<string, string>> = {
  _proposed: 'What svc recorded when it captured this draft from a question (kept until the draft is certified).',
  answer_fingerprint: 'The fingerprint of the answer a captured draft gave, so a reviewer can tell it is the same answer.',
  asked_times: 'How often the question behind this draft was asked (drafts are ranked by it).',
  columns: 'What the owner declares of the result columns: synonyms, units and meanings (`columns { revenue = { synonyms = ["sales"] } }`).',
  connection: 'The connection of svc.config.json the query runs on (default: `default`).',
  description: 'What the block answers, in the words a person asking would use. Shown with every answer.',
  domain: 'The domain the block belongs to; with the block name it makes the id `<domain>.<name>`.',
  examples: 'Questions this block answers (`[{ question = "..." }]`): Tier 1 routes them here.',
  filterBindings: 'How App page filters bind to the block parameters.',
  grain: 'The grain of the result (one row per what), for routing and charts.',
  outputs: 'The result columns the block promises (its contract lists the same).',
  owner: 'Who answers for the block: an e-mail address or a team.',
  parameterPolicy: 'Which values each parameter accepts (`{ top_n = { max = 50 } }`, allowed values).',
  params: 'Parameters used as `${name}` in the query: `params { name: type = default }`.',
  pattern: 'The shape of question the block answers (a ranking, a trend, a total).',
  query: 'The one SQL read the block runs, in its connection dialect; parameters are `${name}`.',
  reviewCadence: 'How often the block is reviewed (for example `quarterly`).',
  sourceSystems: 'The systems the data comes from.',
  status: 'The lifecycle: `draft`, `review`, `certified` or `deprecated`. Certified needs a receipt from `svc certify`.',
  svc_contract: 'The contract the block fulfils: `<domain>.<Entity>.<name>@<version>` in svc-contract-manifest.json.',
  synonyms: 'Other words people use for what the block answers.',
  tags: 'Labels for finding the block.',
  tests: 'Assertions checked on every certification run: `assert <column|row_count> <op> <value>`.',
  visualization: 'How the result is drawn by default (chart kind, axes).',
};
