/**
 * A host store that failed on a record svc needs (a created thread, an appended turn): the
 * caller is told that saved answers could not be reached, with the reference the store's own
 * words were logged under (spec 03 "Conversations, stores and failures").
 */
export class StoreUnavailableError extends Error {
  constructor(readonly reference: string) {
    super(`Saved answers could not be reached; the administrator can find it under reference ${reference}.`);
    this.name = 'StoreUnavailableError';
  }
}
