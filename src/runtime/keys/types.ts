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

export interface RelationshipProof {
  /** The relationship as asked. */
  id: string;
  keys: string[];
  cardinality: string | null;
  status: ProofStatus;
  error?: ProofError;
}

export interface KeyProofResults {
  ok: boolean;
  datasets: DatasetProof[];
  relationships: RelationshipProof[];
}
