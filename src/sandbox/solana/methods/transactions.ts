import { MAX_SIGNATURE_STATUSES, MAX_SIGNATURES_FOR_ADDRESS, STATUS_CACHE_SLOTS } from "../constants";
import { encodeTransaction, TRANSACTION_ENCODINGS } from "../encode/ui-transaction";
import { isMemoProgram } from "../keys";
import type { RecordedTransaction } from "../ledger/types";
import { formatMemos } from "../parse/parse-instructions";
import { RPC_ERROR, RpcError, invalidParams } from "../rpc/errors";
import { booleanParam, configParam, contextSlot, enumParam, finalityParam, pubkeyParam, required, signatureParam, withContext } from "../rpc/params";
import type { Method } from "./context";

function memoOf(record: RecordedTransaction): string | null {
  const { message } = record.transaction;
  return formatMemos(message.instructions.filter((ix) => isMemoProgram(message.staticKeys[ix.programIdIndex]!)).map((ix) => ix.data));
}

/** Signature statuses, address history and transactions, all read from the recorder. */
export const transactionMethods: Record<string, Method> = {
  /**
   * Statuses as of the tip (this method takes no commitment). Without searchTransactionHistory
   * only the status cache answers: transactions older than STATUS_CACHE_SLOTS come back null.
   */
  getSignatureStatuses: ([signatures, config], { net }) => {
    const list = required(signatures, "signatures");
    if (!Array.isArray(list)) throw invalidParams("Invalid params: signatures must be an array");
    if (list.length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
    const search = booleanParam(configParam(config).searchTransactionHistory, false, "searchTransactionHistory");
    const tip = net.tip;
    return withContext(
      tip,
      list.map((s) => {
        const record = net.recorder.get(signatureParam(s));
        if (!record || (!search && tip - record.slot > STATUS_CACHE_SLOTS)) return null;
        const confirmationStatus = net.commitmentOf(record.slot);
        return {
          confirmationStatus,
          confirmations: confirmationStatus === "finalized" ? null : tip - record.slot,
          err: record.err,
          slot: record.slot,
          status: record.err === null ? { Ok: null } : { Err: record.err },
        };
      }),
    );
  },

  getSignaturesForAddress: ([address, config], { net }) => {
    const key = pubkeyParam(address);
    const c = configParam(config);
    const maxSlot = contextSlot(net, finalityParam(c), c);
    const limit = c.limit ?? MAX_SIGNATURES_FOR_ADDRESS;
    if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
      throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
    }
    const before = c.before === undefined || c.before === null ? undefined : signatureParam(c.before);
    const until = c.until === undefined || c.until === null ? undefined : signatureParam(c.until);
    return net.recorder.history(key, { before, until, limit, maxSlot }).map((record) => ({
      blockTime: record.blockTime,
      confirmationStatus: net.commitmentOf(record.slot),
      err: record.err,
      memo: memoOf(record),
      signature: record.signature,
      slot: record.slot,
    }));
  },

  /** null until the transaction reaches the commitment asked for (default finalized). */
  getTransaction: ([signature, config], { net }) => {
    const sig = signatureParam(required(signature, "signature"));
    // web3.js's deprecated form passes the commitment as a bare string.
    const c = typeof config === "string" ? { commitment: config } : configParam(config);
    const encoding = enumParam(c.encoding, TRANSACTION_ENCODINGS, "json", "encoding");
    const maxSlot = contextSlot(net, finalityParam(c), c);
    const max = c.maxSupportedTransactionVersion;
    if (max !== undefined && max !== null && max !== 0) throw invalidParams(`Invalid params: unsupported maxSupportedTransactionVersion ${String(max)}`);
    const record = net.recorder.get(sig);
    if (!record || record.slot > maxSlot) return null;
    if (record.version === 0 && (max === undefined || max === null)) {
      throw new RpcError(
        RPC_ERROR.unsupportedTransactionVersion,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      );
    }
    return encodeTransaction(record, encoding, max === 0);
  },
};
