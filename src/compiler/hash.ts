/** Content hashes for the compiler; the implementation lives with the grammar, which also hashes. */
export { sha256Hex, sha256Tagged } from '../../grammar/hash.js';
