import { base58 } from "../parse/base58";
import { zstdCompressSync } from "node:zlib";
import type { AccountState } from "../bank/account";
import { parseAccountData } from "../parse/parse-account";
import { invalidParams } from "../rpc/errors";
import { enumParam, type Config } from "../rpc/params";

export const ACCOUNT_ENCODINGS = ["base58", "base64", "base64+zstd", "jsonParsed"] as const;
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number];

export interface AccountView {
  encoding: AccountEncoding;
  dataSlice?: { offset: number; length: number };
}

/** `encoding` and `dataSlice` from a config object. Accounts default to base58, as agave does. */
export function accountViewParam(config: Config, fallback: AccountEncoding = "base58"): AccountView {
  const encoding = enumParam(config.encoding, ACCOUNT_ENCODINGS, fallback, "encoding");
  const slice = config.dataSlice;
  if (slice === undefined || slice === null) return { encoding };
  const { offset, length } = slice as { offset?: unknown; length?: unknown };
  if (typeof slice !== "object" || !Number.isInteger(offset) || !Number.isInteger(length) || Number(offset) < 0 || Number(length) < 0) {
    throw invalidParams("Invalid params: dataSlice must be { offset, length }");
  }
  return { encoding, dataSlice: { offset: Number(offset), length: Number(length) } };
}

// agave refuses base58 for data above this size (slow to encode).
const MAX_BASE58_BYTES = 128;

function binary(data: Uint8Array, encoding: Exclude<AccountEncoding, "jsonParsed">): [string, string] {
  if (encoding === "base58") {
    if (data.length > MAX_BASE58_BYTES) throw invalidParams("Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.");
    return [base58(data), "base58"];
  }
  if (encoding === "base64+zstd") return [zstdCompressSync(data).toString("base64"), "base64+zstd"];
  return [Buffer.from(data).toString("base64"), "base64"];
}

/**
 * An account as the RPC returns it (UiAccount). jsonParsed falls back to base64 for accounts
 * it has no parser for, as agave does. rentEpoch is reported as 0 (rent collection is gone).
 */
export function encodeAccount(account: AccountState, view: AccountView, decimalsOf: (mint: string) => number | undefined) {
  const { data } = account;
  const sliced = view.dataSlice ? data.subarray(view.dataSlice.offset, view.dataSlice.offset + view.dataSlice.length) : data;
  let encoded: unknown;
  if (view.encoding === "jsonParsed") {
    encoded = (!view.dataSlice && parseAccountData(account, decimalsOf)) || binary(sliced, "base64");
  } else {
    encoded = binary(sliced, view.encoding);
  }
  return { data: encoded, executable: account.executable, lamports: Number(account.lamports), owner: account.owner, rentEpoch: 0, space: data.length };
}
