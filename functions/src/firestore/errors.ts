/**
 * Firestore's gRPC status codes that repositories branch on. The Admin SDK throws errors carrying the numeric
 * `code`; it exports no predicate for them, so these read it once here instead of in each repository.
 */
const codeOf = (err: unknown): unknown => (typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined);

/** ALREADY_EXISTS (6): what `create()` answers when the document is there. */
export const isAlreadyExists = (err: unknown): boolean => codeOf(err) === 6;

/**
 * The codes the Admin SDK retries a transaction on (its isRetryableTransactionError, in
 * @google-cloud/firestore's transaction.js, which it does not export): ABORTED above all, what a transaction
 * gets when it collides with another, but also the transient ones (DEADLINE_EXCEEDED, UNAVAILABLE, ...). After
 * its last attempt the SDK throws the last of these, whichever it was: a burst of identical requests on a
 * loaded server ended once with one that is not ABORTED, and the request answered 500.
 */
const TRANSACTION_RETRIED_CODES: ReadonlySet<unknown> = new Set([
  10, // ABORTED
  409, // ABORTED, as the REST transport says it
  1, // CANCELLED
  2, // UNKNOWN
  4, // DEADLINE_EXCEEDED
  8, // RESOURCE_EXHAUSTED
  13, // INTERNAL
  14, // UNAVAILABLE
  16, // UNAUTHENTICATED
]);

/**
 * INVALID_ARGUMENT is also what the backend says of a transaction that has ended under the request: production
 * says "The referenced transaction has expired or is no longer valid" (the SDK retries that one), the Firestore
 * emulator "Transaction is invalid or expired", "... or closed" or "Invalid transaction" (its own jar's words;
 * the SDK does not know them and gives up at once). A fresh-clone run saw two of five racing export starts
 * answer 500 with one of them, from the query inside the transaction, after the emulator had ended it.
 */
const ENDED_TRANSACTION = /transaction has expired|transaction is invalid or (?:expired|closed)|invalid transaction/i;

/**
 * A transaction the SDK gave up on after retrying it (five attempts), or one the server ended under it: it kept
 * colliding with others, or the server kept failing it. The caller decides what the loser answers; anything
 * else is a real error.
 */
export function isTransactionGivenUp(err: unknown): boolean {
  const code = codeOf(err);
  if (TRANSACTION_RETRIED_CODES.has(code)) return true;
  if (code !== 3) return false;
  const { message } = err as { message?: unknown };
  return typeof message === 'string' && ENDED_TRANSACTION.test(message);
}
