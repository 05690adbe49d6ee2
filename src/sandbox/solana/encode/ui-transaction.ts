import { base58 } from "../parse/base58";
import type { InnerInstructionRecord } from "../bank/svm";
import type { RecordedTransaction, TokenBalance } from "../ledger/types";
import { parseInstruction } from "../parse/parse-instructions";
import { uiTokenAmount } from "../parse/token-layout";

export const TRANSACTION_ENCODINGS = ["json", "jsonParsed", "base64", "base58"] as const;
export type TransactionEncoding = (typeof TRANSACTION_ENCODINGS)[number];

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

const tokenBalance = (b: TokenBalance) => ({
  accountIndex: b.accountIndex,
  mint: b.mint,
  owner: b.owner,
  programId: b.programId,
  uiTokenAmount: uiTokenAmount(b.amount, b.decimals),
});

function innerInstruction(ix: InnerInstructionRecord, keys: string[], parsed: boolean) {
  if (parsed) return parseInstruction(keys[ix.programIdIndex]!, ix.accounts.map((a) => keys[a]!), ix.data, ix.stackHeight);
  return { programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: base58(ix.data), stackHeight: ix.stackHeight };
}

/** UiTransactionStatusMeta: empty inner-instruction lists dropped, loadedAddresses only outside jsonParsed. */
export function encodeMeta(record: RecordedTransaction, parsed: boolean) {
  const { meta } = record;
  const keys = record.accountKeys.map((k) => k.pubkey);
  const innerInstructions = meta.innerInstructions.flatMap((list, index) =>
    list.length ? [{ index, instructions: list.map((ix) => innerInstruction(ix, keys, parsed)) }] : [],
  );
  return {
    computeUnitsConsumed: meta.computeUnitsConsumed,
    err: meta.err,
    fee: Number(meta.fee),
    innerInstructions,
    ...(parsed ? {} : { loadedAddresses: meta.loadedAddresses }),
    logMessages: meta.logMessages,
    postBalances: meta.postBalances.map(Number),
    postTokenBalances: meta.postTokenBalances.map(tokenBalance),
    preBalances: meta.preBalances.map(Number),
    preTokenBalances: meta.preTokenBalances.map(tokenBalance),
    ...(meta.returnData ? { returnData: { programId: meta.returnData.programId, data: [base64(meta.returnData.data), "base64"] } } : {}),
    rewards: [],
    status: meta.err === null ? { Ok: null } : { Err: meta.err },
  };
}

function encodeBody(record: RecordedTransaction, encoding: TransactionEncoding) {
  const { transaction } = record;
  if (encoding === "base64") return [base64(transaction.raw), "base64"];
  if (encoding === "base58") return [base58(transaction.raw), "base58"];
  const { message } = transaction;
  const keys = record.accountKeys.map((k) => k.pubkey);
  const lookups = message.version === 0 ? { addressTableLookups: message.addressTableLookups } : {};
  const signatures = transaction.signatures.map((s) => base58(s));
  if (encoding === "jsonParsed") {
    return {
      message: {
        accountKeys: record.accountKeys,
        instructions: message.instructions.map((ix) => parseInstruction(keys[ix.programIdIndex]!, ix.accounts.map((a) => keys[a]!), ix.data, null)),
        recentBlockhash: message.recentBlockhash,
        ...lookups,
      },
      signatures,
    };
  }
  return {
    message: {
      accountKeys: message.staticKeys,
      header: message.header,
      instructions: message.instructions.map((ix) => ({ accounts: ix.accounts, data: base58(ix.data), programIdIndex: ix.programIdIndex, stackHeight: null })),
      recentBlockhash: message.recentBlockhash,
      ...lookups,
    },
    signatures,
  };
}

/** getTransaction's result. `version` is present only when the client said which versions it supports. */
export function encodeTransaction(record: RecordedTransaction, encoding: TransactionEncoding, withVersion: boolean) {
  return {
    blockTime: record.blockTime,
    meta: encodeMeta(record, encoding === "jsonParsed"),
    slot: record.slot,
    transaction: encodeBody(record, encoding),
    ...(withVersion ? { version: record.version } : {}),
  };
}
