import type { AccountState } from "../bank/account";
import type { TokenBalance } from "../ledger/types";
import { readTokenAccount } from "./token-layout";

/**
 * meta.preTokenBalances / postTokenBalances: one entry per message key holding a token account
 * whose mint is known (agave skips the others too).
 */
export function tokenBalances(states: readonly (AccountState | null)[], decimalsOf: (mint: string) => number | undefined): TokenBalance[] {
  const out: TokenBalance[] = [];
  states.forEach((state, accountIndex) => {
    const token = readTokenAccount(state);
    if (!token || !state) return;
    const decimals = decimalsOf(token.mint);
    if (decimals === undefined) return;
    out.push({ accountIndex, mint: token.mint, owner: token.owner, programId: state.owner, amount: token.amount, decimals });
  });
  return out;
}
