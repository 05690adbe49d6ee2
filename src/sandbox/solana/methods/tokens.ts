import { accountViewParam, encodeAccount } from "../encode/ui-account";
import { isTokenProgram } from "../keys";
import { readMint, readTokenAccount, uiTokenAmount } from "../parse/token-layout";
import { invalidParams } from "../rpc/errors";
import { commitmentParam, configParam, contextSlot, pubkeyParam, required, withContext } from "../rpc/params";
import type { Method } from "./context";

/** SPL Token reads; token accounts are found through the network's owner index, then read at the commitment's slot. */
export const tokenMethods: Record<string, Method> = {
  getTokenAccountsByOwner: ([ownerParam, filterParam, config], { net }) => {
    const owner = pubkeyParam(required(ownerParam, "owner"));
    const filter = required(filterParam, "filter") as { mint?: unknown; programId?: unknown };
    const c = configParam(config);
    const slot = contextSlot(net, commitmentParam(c), c);
    let mint: string | undefined;
    let programId: string;
    if (typeof filter === "object" && filter.mint !== undefined) {
      mint = pubkeyParam(filter.mint);
      const mintAccount = net.account(mint, slot);
      if (!readMint(mintAccount)) throw invalidParams("Invalid param: could not find mint");
      programId = mintAccount!.owner;
    } else if (typeof filter === "object" && filter.programId !== undefined) {
      programId = pubkeyParam(filter.programId);
      if (!isTokenProgram(programId)) throw invalidParams("Invalid param: unrecognized Token program id");
    } else {
      throw invalidParams("Invalid params: filter must be { mint } or { programId }");
    }
    const view = accountViewParam(c, "base64");
    const value = net.tokenAccountsOf(owner).flatMap((pubkey) => {
      const state = net.account(pubkey, slot);
      const token = readTokenAccount(state);
      if (!state || !token || token.owner !== owner || state.owner !== programId || (mint !== undefined && token.mint !== mint)) return [];
      return [{ account: encodeAccount(state, view, (m) => net.decimalsOf(m)), pubkey }];
    });
    return withContext(slot, value);
  },

  getTokenAccountBalance: ([address, config], { net }) => {
    const key = pubkeyParam(required(address, "pubkey"));
    const c = configParam(config);
    const slot = contextSlot(net, commitmentParam(c), c);
    const state = net.account(key, slot);
    if (!state) throw invalidParams("Invalid param: could not find account");
    const token = readTokenAccount(state);
    if (!token) throw invalidParams("Invalid param: not a Token account");
    const decimals = net.decimalsOf(token.mint);
    if (decimals === undefined) throw invalidParams("Invalid param: could not find mint");
    return withContext(slot, uiTokenAmount(token.amount, decimals));
  },

  getTokenSupply: ([address, config], { net }) => {
    const key = pubkeyParam(required(address, "pubkey"));
    const c = configParam(config);
    const slot = contextSlot(net, commitmentParam(c), c);
    const mint = readMint(net.account(key, slot));
    if (!mint) throw invalidParams("Invalid param: not a Token mint");
    return withContext(slot, uiTokenAmount(mint.supply, mint.decimals));
  },
};
