/**
 * Shapes of key proofs (spec 03 "Exports and key proofs" 3): per dataset its keys, status and
 * uniqueness counts; per join its keys, cardinality, status and counts; `ok` when all passed.
 * Never a row or a key value: only names, counts and codes.
 */
/** `passed`: no key is null or held by two rows; `failed`: some is; `error`: the proof did not run. */
export type ProofStatus = 'passed' | 'failed' | 'error';

/** Why a proof did not run: a code (a statement's, a parameter's or the key-proof table's) and plain words. */
export interface ProofError {
  code: string;
  message: string;
  /** Where the warehouse's own words are in the log. */
  reference?: string;
}

/**
 * The uniqueness counts of one complete-source proof: rows the block returns, distinct keys
 * among rows whose key columns are all set, rows with any key column null, and keys held by
 * more than one row.
 */
export interface UniquenessCounts {
  rowCount: number;
  distinctKeyCount: number;
  nullKeyCount: number;
  duplicateKeyCount: number;
}

export interface DatasetProof extends Partial<UniquenessCounts> {
  /** `<domain>.<name>`, or the name as asked when no block answers to it. */
  block: string;
  file?: string;
  keys: string[];
  keyEvidence?: 'complete-source';
  status: ProofStatus;
  /** Counts are present when the proof ran (passed or failed). */
  error?: ProofError;
}

/**
 * The counts of one relationship validation: per side, rows, rows with any key column null,
 * distinct keys and keys held by more than one row (`from` is the declaring block, `to` the block
 * it refers to); and the orphans, keys of the declaring side the other does not hold and the rows
 * holding them.
 */
export interface RelationshipCounts {
  fromRowCount: number;
  fromNullKeyCount: number;
  fromDistinctKeyCount: number;
  fromDuplicateKeyCount: number;
  toRowCount: number;
  toNullKeyCount: number;
  toDistinctKeyCount: number;
  toDuplicateKeyCount: number;
  orphanKeyCount: number;
  orphanRowCount: number;
}

/** Each side is `many` when it holds some key more than once. */
export type ObservedCardinality = 'one-to-one' | 'many-to-one' | 'one-to-many' | 'many-to-many';

export interface RelationshipProof extends Partial<RelationshipCounts> {
  /** `<block id>.<name>`, or the relationship as asked when none answers to it. */
  id: string;
  /** The declaring block and its file. */
  block?: string;
  file?: string;
  /** The block the keys refer to. */
  to?: string;
  keys: string[];
  toKeys?: string[];
  /** The declared cardinality (`many-to-one`, `one-to-one`); null when none is declared. */
  cardinality: string | null;
  /** What the rows show (`many-to-one`, `one-to-one`, `one-to-many`, `many-to-many`); present when the validation ran. */
  observedCardinality?: ObservedCardinality;
  status: ProofStatus;
  /** Counts are present when the validation ran (passed or failed). */
  error?: ProofError;
}

export interface KeyProofResults {
  ok: boolean;
  datasets: DatasetProof[];
  relationships: RelationshipProof[];
}
