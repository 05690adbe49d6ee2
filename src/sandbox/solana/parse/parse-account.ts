import type { AccountState } from "../bank/account";
import { PROGRAM_IDS } from "../keys";
import { readMint, readTokenAccount, uiTokenAmount } from "./token-layout";

export interface ParsedAccountData {
  program: string;
  parsed: { type: string; info: Record<string, unknown> };
  space: number;
}

/**
 * jsonParsed account data for token accounts and mints, shaped like agave's parse_token
 * output. Anything else returns undefined and the caller falls back to base64, as a node does.
 * `decimalsOf` reads a mint (a token account's amounts need its decimals).
 */
export function parseAccountData(account: AccountState, decimalsOf: (mint: string) => number | undefined): ParsedAccountData | undefined {
  const program = account.owner === PROGRAM_IDS.token2022 ? "spl-token-2022" : "spl-token";
  const space = account.data.length;
  const token = readTokenAccount(account);
  if (token) {
    const decimals = decimalsOf(token.mint);
    if (decimals === undefined) return undefined;
    const info: Record<string, unknown> = {
      isNative: token.isNative !== null,
      mint: token.mint,
      owner: token.owner,
      state: token.state,
      tokenAmount: uiTokenAmount(token.amount, decimals),
    };
    if (token.delegate) {
      info.delegate = token.delegate;
      info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals);
    }
    if (token.isNative !== null) info.rentExemptReserve = uiTokenAmount(token.isNative, decimals);
    if (token.closeAuthority) info.closeAuthority = token.closeAuthority;
    return { program, parsed: { type: "account", info }, space };
  }
  const mint = readMint(account);
  if (mint) {
    return {
      program,
      parsed: {
        type: "mint",
        info: { decimals: mint.decimals, freezeAuthority: mint.freezeAuthority, isInitialized: true, mintAuthority: mint.mintAuthority, supply: mint.supply.toString() },
      },
      space,
    };
  }
  return undefined;
}
