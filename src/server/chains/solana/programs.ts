/** Program ids the server reads transactions for (one place; the pay page has its own copy in its bundle). */

/** SPL Memo program (v2): carries `zpay:{payment}` beside a payment's transfer. */
export const MEMO_PROGRAM_ID = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
