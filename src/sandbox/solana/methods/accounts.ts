import { MAX_MULTIPLE_ACCOUNTS } from "../constants";
import { accountViewParam, encodeAccount } from "../encode/ui-account";
import { invalidParams } from "../rpc/errors";
import { commitmentParam, configParam, contextSlot, pubkeyParam, required, withContext } from "../rpc/params";
import type { Method, MethodContext } from "./context";

function encodedAt(ctx: MethodContext, address: string, slot: number, config: Record<string, unknown>) {
  const state = ctx.net.account(address, slot);
  return state ? encodeAccount(state, accountViewParam(config, "base64"), (mint) => ctx.net.decimalsOf(mint)) : null;
}

/** Account reads, each at the slot of the commitment asked for (default finalized). */
export const accountMethods: Record<string, Method> = {
  getBalance: ([address, config], ctx) => {
    const key = pubkeyParam(required(address, "pubkey"));
    const c = configParam(config);
    const slot = contextSlot(ctx.net, commitmentParam(c), c);
    return withContext(slot, Number(ctx.net.account(key, slot)?.lamports ?? 0n));
  },

  getAccountInfo: ([address, config], ctx) => {
    const key = pubkeyParam(required(address, "pubkey"));
    const c = configParam(config);
    const slot = contextSlot(ctx.net, commitmentParam(c), c);
    return withContext(slot, encodedAt(ctx, key, slot, c));
  },

  getMultipleAccounts: ([addresses, config], ctx) => {
    const list = required(addresses, "pubkeys");
    if (!Array.isArray(list)) throw invalidParams("Invalid params: pubkeys must be an array");
    if (list.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    const keys = list.map(pubkeyParam);
    const c = configParam(config);
    const slot = contextSlot(ctx.net, commitmentParam(c), c);
    return withContext(slot, keys.map((key) => encodedAt(ctx, key, slot, c)));
  },
};
