import { ParseError, accountAt } from "./data-reader";
import type { ParsedInfo } from "./system-instruction";

/**
 * Associated Token Account program instructions as agave's parse_associated_token reports them
 * (empty data is the original "create").
 * @throws {ParseError} for unknown instructions or missing accounts.
 */
export function parseAssociatedTokenInstruction(data: Uint8Array, accounts: readonly string[]): ParsedInfo {
  const a = (i: number) => accountAt(accounts, i);
  const tag = data.length === 0 ? 0 : data[0];
  if (data.length > 1) throw new ParseError("unexpected associated token instruction data");
  if (tag === 0 || tag === 1) {
    return {
      type: tag === 0 ? "create" : "createIdempotent",
      info: { source: a(0), account: a(1), wallet: a(2), mint: a(3), systemProgram: a(4), tokenProgram: a(5) },
    };
  }
  if (tag === 2) {
    return {
      type: "recoverNested",
      info: { nestedSource: a(0), nestedMint: a(1), destination: a(2), nestedOwner: a(3), ownerMint: a(4), wallet: a(5), tokenProgram: a(6) },
    };
  }
  throw new ParseError(`unknown associated token instruction ${tag}`);
}
