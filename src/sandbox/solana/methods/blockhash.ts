import { decodeMessage, DecodeError } from "../parse/decode-transaction";
import { feeFor } from "../pipeline/fee";
import { invalidParams } from "../rpc/errors";
import { commitmentParam, configParam, contextSlot, required, withContext } from "../rpc/params";
import type { Method } from "./context";

/** Blockhashes and fees: what a client needs to build a transaction. */
export const blockhashMethods: Record<string, Method> = {
  getLatestBlockhash: ([config], { net }) => {
    const c = configParam(config);
    const slot = contextSlot(net, commitmentParam(c), c);
    return withContext(slot, { blockhash: net.blockhashes.at(slot), lastValidBlockHeight: net.blockhashes.lastValidBlockHeight(slot) });
  },

  isBlockhashValid: ([hash, config], { net }) => {
    const c = configParam(config);
    const slot = contextSlot(net, commitmentParam(c), c);
    if (typeof hash !== "string") throw invalidParams("Invalid param: Invalid");
    return withContext(slot, net.blockhashes.isValidAt(hash, slot));
  },

  /** null when the message's blockhash is not valid at the commitment, as agave answers. */
  getFeeForMessage: ([encoded, config], { net }) => {
    const c = configParam(config);
    const slot = contextSlot(net, commitmentParam(c), c);
    const text = required(encoded, "message");
    if (typeof text !== "string") throw invalidParams("Invalid params: message must be a base64 string");
    let message;
    try {
      message = decodeMessage(Buffer.from(text, "base64"));
    } catch (err) {
      if (err instanceof DecodeError) throw invalidParams(`invalid message: ${err.message}`);
      throw err;
    }
    return withContext(slot, net.blockhashes.isValidAt(message.recentBlockhash, slot) ? Number(feeFor(message)) : null);
  },
};
