/**
 * Firestore's gRPC status codes that repositories branch on. The Admin SDK throws errors carrying the numeric
 * `code`; it exports no predicate for them, so these read it once here instead of in each repository.
 */
const hasCode = (err: unknown, code: number): boolean => typeof err === 'object' && err !== null && 'code' in err && err.code === code;

/** ALREADY_EXISTS (6): what `create()` answers when the document is there. */
export const isAlreadyExists = (err: unknown): boolean => hasCode(err, 6);

/**
 * ABORTED (10): a transaction that kept colliding with others until the SDK stopped retrying it (five attempts).
 * A burst of identical requests under load can do that; the caller decides what the loser answers.
 */
export const isTransactionContention = (err: unknown): boolean => hasCode(err, 10);
