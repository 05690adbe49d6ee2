import { base58 } from "./base58";

/**
 * Wire-format decoding of legacy and v0 transactions, written here rather than taken from
 * web3.js: the pipeline needs byte offsets (the signed message, the blockhash to replace) and
 * plain strings, without building PublicKey objects for every key of every transaction.
 */

export interface MessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

export interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

export interface AddressTableLookup {
  accountKey: string;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface DecodedMessage {
  version: "legacy" | 0;
  header: MessageHeader;
  staticKeys: string[];
  recentBlockhash: string;
  /** Where the 32 blockhash bytes sit inside `bytes` (simulateTransaction's replaceRecentBlockhash). */
  blockhashOffset: number;
  instructions: CompiledInstruction[];
  addressTableLookups: AddressTableLookup[];
  /** The serialized message: what the signatures sign. */
  bytes: Uint8Array;
}

export interface DecodedTransaction {
  signatures: Uint8Array[];
  /** First signature, base58: the transaction id. */
  signature: string;
  message: DecodedMessage;
  raw: Uint8Array;
}

/** Malformed wire bytes; the RPC layer turns this into -32602 as agave does. */
export class DecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecodeError";
  }
}

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  u8(): number {
    if (this.offset >= this.bytes.length) throw new DecodeError("io error: unexpected end of file");
    return this.bytes[this.offset++]!;
  }

  /** Solana's compact-u16 ("shortvec") length prefix. */
  shortVec(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.u8();
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new DecodeError("invalid compact-u16 length");
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new DecodeError("io error: unexpected end of file");
    const out = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  key(): string {
    return base58(this.take(32));
  }

  indexes(): number[] {
    return Array.from(this.take(this.shortVec()));
  }
}

function readMessage(reader: Reader): DecodedMessage {
  const start = reader.offset;
  const first = reader.u8();
  let version: "legacy" | 0 = "legacy";
  let headerFirst = first;
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new DecodeError(`unsupported transaction version ${first & 0x7f}`);
    version = 0;
    headerFirst = reader.u8();
  }
  const header = { numRequiredSignatures: headerFirst, numReadonlySignedAccounts: reader.u8(), numReadonlyUnsignedAccounts: reader.u8() };
  const staticKeys = Array.from({ length: reader.shortVec() }, () => reader.key());
  const blockhashOffset = reader.offset - start;
  const recentBlockhash = reader.key();
  const instructions = Array.from({ length: reader.shortVec() }, () => ({
    programIdIndex: reader.u8(),
    accounts: reader.indexes(),
    data: reader.take(reader.shortVec()),
  }));
  const addressTableLookups =
    version === 0 ? Array.from({ length: reader.shortVec() }, () => ({ accountKey: reader.key(), writableIndexes: reader.indexes(), readonlyIndexes: reader.indexes() })) : [];
  return { version, header, staticKeys, recentBlockhash, blockhashOffset, instructions, addressTableLookups, bytes: reader.bytes.subarray(start, reader.offset) };
}

/**
 * The structural rules a node checks before anything else ("sanitize").
 * @throws {DecodeError} when the message cannot be valid whatever the accounts hold.
 */
function sanitize(message: DecodedMessage): void {
  const { header, staticKeys, instructions, addressTableLookups } = message;
  const loaded = addressTableLookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  const total = staticKeys.length + loaded;
  const ok =
    header.numRequiredSignatures > 0 &&
    header.numRequiredSignatures <= staticKeys.length &&
    header.numReadonlySignedAccounts < header.numRequiredSignatures &&
    header.numReadonlyUnsignedAccounts <= staticKeys.length - header.numRequiredSignatures &&
    total <= 256 &&
    new Set(staticKeys).size === staticKeys.length &&
    instructions.every((ix) => ix.programIdIndex > 0 && ix.programIdIndex < staticKeys.length && ix.accounts.every((a) => a < total));
  if (!ok) throw new DecodeError("invalid transaction: Transaction failed to sanitize accounts offsets correctly");
}

/** Decodes a message on its own (getFeeForMessage). @throws {DecodeError} */
export function decodeMessage(bytes: Uint8Array): DecodedMessage {
  const reader = new Reader(bytes);
  const message = readMessage(reader);
  if (reader.offset !== bytes.length) throw new DecodeError("invalid message: trailing bytes");
  sanitize(message);
  return message;
}

/** Decodes and sanitizes a wire transaction. @throws {DecodeError} */
export function decodeTransaction(raw: Uint8Array): DecodedTransaction {
  const reader = new Reader(raw);
  const signatures = Array.from({ length: reader.shortVec() }, () => reader.take(64));
  const message = readMessage(reader);
  if (reader.offset !== raw.length) throw new DecodeError("failed to deserialize VersionedTransaction: trailing bytes");
  sanitize(message);
  if (signatures.length !== message.header.numRequiredSignatures) {
    throw new DecodeError("invalid transaction: Transaction failed to sanitize accounts offsets correctly");
  }
  return { signatures, signature: base58(signatures[0]!), message, raw };
}

/** Whether static key `index` is writable per the header (before any program-id demotion). */
export function isStaticWritable(message: DecodedMessage, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = message.header;
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts;
  return index < message.staticKeys.length - numReadonlyUnsignedAccounts;
}
