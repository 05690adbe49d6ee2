import bs58 from "bs58";
import { PACKET_DATA_SIZE } from "../constants";
import { accountViewParam, encodeAccount } from "../encode/ui-account";
import { SolanaSandboxError } from "../faucet";
import { parseInstruction } from "../parse/parse-instructions";
import { decodeOrReject, submitTransaction } from "../pipeline/submit";
import { RPC_ERROR, RpcError, invalidParams } from "../rpc/errors";
import { booleanParam, commitmentParam, configParam, contextSlot, enumParam, pubkeyParam, required, u64Param, withContext, type Config } from "../rpc/params";
import type { Method } from "./context";

/** The wire bytes of a transaction param (base58 by default, as agave). */
function wireBytes(encoded: unknown, config: Config): Uint8Array {
  const text = required(encoded, "transaction");
  const encoding = enumParam(config.encoding, ["base58", "base64"] as const, "base58", "encoding");
  if (typeof text !== "string") throw invalidParams("Invalid params: transaction must be a string");
  let raw: Uint8Array;
  if (encoding === "base58") {
    try {
      raw = bs58.decode(text);
    } catch {
      throw invalidParams("invalid base58 encoding: InvalidCharacter");
    }
  } else {
    raw = Buffer.from(text, "base64");
  }
  if (raw.length > PACKET_DATA_SIZE) {
    throw invalidParams(`${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${raw.length} bytes (max: encoded/raw ${encoding === "base58" ? 1683 : 1644}/${PACKET_DATA_SIZE})`);
  }
  return raw;
}

/** Send, simulate, airdrop. */
export const sendMethods: Record<string, Method> = {
  sendTransaction: ([encoded, config], { net }) => {
    const c = configParam(config);
    const raw = wireBytes(encoded, c);
    const preflightCommitment = commitmentParam({ commitment: c.preflightCommitment });
    contextSlot(net, preflightCommitment, c);
    return submitTransaction(net, raw, { skipPreflight: booleanParam(c.skipPreflight, false, "skipPreflight"), preflightCommitment });
  },

  simulateTransaction: ([encoded, config], { net }) => {
    const c = configParam(config);
    let raw = wireBytes(encoded, c);
    const sigVerify = booleanParam(c.sigVerify, false, "sigVerify");
    const replace = booleanParam(c.replaceRecentBlockhash, false, "replaceRecentBlockhash");
    if (sigVerify && replace) throw invalidParams("sigVerify may not be used with replaceRecentBlockhash");
    const slot = contextSlot(net, commitmentParam(c), c);
    let tx = decodeOrReject(raw);
    if (sigVerify && !net.verify(tx)) throw new RpcError(RPC_ERROR.signatureVerificationFailure, "Transaction signature verification failure");
    let replacementBlockhash = null;
    if (replace) {
      const blockhash = net.blockhashes.at(slot)!;
      raw = Uint8Array.from(raw);
      raw.set(bs58.decode(blockhash), raw.length - tx.message.bytes.length + tx.message.blockhashOffset);
      tx = decodeOrReject(raw);
      replacementBlockhash = { blockhash, lastValidBlockHeight: net.blockhashes.lastValidBlockHeight(slot) };
    }
    const refused = net.checkAt(tx, slot);
    const result = refused
      ? { err: refused, logs: [], unitsConsumed: 0, innerInstructions: [], returnData: null, postAccounts: new Map(), loaded: { writable: [], readonly: [] } }
      : net.simulateAt(tx, slot);

    const accountsConfig = c.accounts as { addresses?: unknown; encoding?: unknown } | undefined;
    let accounts = null;
    if (accountsConfig) {
      const view = accountViewParam({ encoding: accountsConfig.encoding }, "base64");
      if (view.encoding === "base58") throw invalidParams("base58 encoding not supported");
      const addresses = Array.isArray(accountsConfig.addresses) ? accountsConfig.addresses.map(pubkeyParam) : [];
      accounts = addresses.map((address) => {
        if (result.err) return null;
        const state = result.postAccounts.get(address) ?? net.account(address, slot);
        return state ? encodeAccount(state, view, (mint) => net.decimalsOf(mint)) : null;
      });
    }
    const keys = [...tx.message.staticKeys, ...result.loaded.writable, ...result.loaded.readonly];
    const innerInstructions = booleanParam(c.innerInstructions, false, "innerInstructions")
      ? result.innerInstructions.flatMap((list, index) =>
          list.length ? [{ index, instructions: list.map((ix) => parseInstruction(keys[ix.programIdIndex]!, ix.accounts.map((a) => keys[a]!), ix.data, ix.stackHeight)) }] : [],
        )
      : null;
    return withContext(slot, {
      accounts,
      err: result.err,
      innerInstructions,
      logs: result.logs,
      replacementBlockhash,
      returnData: result.returnData ? { programId: result.returnData.programId, data: [Buffer.from(result.returnData.data).toString("base64"), "base64"] } : null,
      unitsConsumed: result.unitsConsumed,
    });
  },

  /** A real transfer from the genesis faucet, landed before the signature is returned. */
  requestAirdrop: ([address, lamports], { faucet }) => {
    const to = pubkeyParam(address);
    const amount = u64Param(lamports, "lamports");
    try {
      return faucet.airdrop(to, amount);
    } catch (err) {
      if (err instanceof SolanaSandboxError || err instanceof RpcError) throw new RpcError(RPC_ERROR.internal, `airdrop request failed: ${err.message}`);
      throw err;
    }
  },
};
