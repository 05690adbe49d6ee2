import { describeTransactionError, type TransactionErrorJson } from "../bank/errors";
import type { Commitment } from "../ledger/commitment";
import type { SolanaNetwork, Simulation } from "../network";
import { DecodeError, decodeTransaction, type DecodedTransaction } from "../parse/decode-transaction";
import { RPC_ERROR, RpcError, invalidParams } from "../rpc/errors";

export interface SubmitOptions {
  skipPreflight: boolean;
  /** The bank the preflight runs against (agave defaults to finalized). */
  preflightCommitment: Commitment;
}

/** Decodes wire bytes, turning malformed input into the node's -32602. */
export function decodeOrReject(raw: Uint8Array): DecodedTransaction {
  try {
    return decodeTransaction(raw);
  } catch (err) {
    if (err instanceof DecodeError) throw invalidParams(err.message.startsWith("invalid transaction") ? err.message : `failed to deserialize VersionedTransaction: ${err.message}`);
    throw err;
  }
}

/** The -32002 answer web3.js turns into SendTransactionError (message and logs). */
export function preflightFailure(err: TransactionErrorJson, result?: Pick<Simulation, "logs" | "unitsConsumed" | "returnData">): RpcError {
  return new RpcError(RPC_ERROR.sendTransactionPreflightFailure, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs: result?.logs ?? [],
    replacementBlockhash: null,
    returnData: result?.returnData ? { programId: result.returnData.programId, data: [Buffer.from(result.returnData.data).toString("base64"), "base64"] } : null,
    unitsConsumed: result?.unitsConsumed ?? 0,
  });
}

/**
 * sendTransaction as agave runs it: with preflight, verify signatures (-32003), check the
 * blockhash and status cache of the preflight bank, simulate there (-32002 with logs); then
 * hand it to the leader, which lands it in the current slot or drops it. Returns the signature
 * either way, as a node does.
 * @throws {RpcError}
 */
export function submitTransaction(net: SolanaNetwork, raw: Uint8Array, options: SubmitOptions): string {
  const tx = decodeOrReject(raw);
  if (!options.skipPreflight) {
    if (!net.verify(tx)) throw new RpcError(RPC_ERROR.signatureVerificationFailure, "Transaction signature verification failure");
    const slot = net.slotAt(options.preflightCommitment);
    const refused = net.checkAt(tx, slot);
    if (refused) throw preflightFailure(refused);
    const simulation = net.simulateAt(tx, slot);
    if (simulation.err) throw preflightFailure(simulation.err, simulation);
  }
  net.land(tx, { verified: !options.skipPreflight });
  return tx.signature;
}
