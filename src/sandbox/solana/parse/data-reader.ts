import { base58 } from "./base58";

/** Thrown when instruction data does not match the instruction's layout: the parser gives up. */
export class ParseError extends Error {}

/** Little-endian reads over instruction data (bincode for System, Pack for SPL Token). */
export class DataReader {
  private offset = 0;
  private readonly view: DataView;

  constructor(private readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  private need(length: number): number {
    if (this.offset + length > this.data.length) throw new ParseError("instruction data too short");
    const at = this.offset;
    this.offset += length;
    return at;
  }

  u8(): number {
    return this.view.getUint8(this.need(1));
  }

  u32(): number {
    return this.view.getUint32(this.need(4), true);
  }

  u64(): bigint {
    return this.view.getBigUint64(this.need(8), true);
  }

  pubkey(): string {
    const at = this.need(32);
    return base58(this.data.subarray(at, at + 32));
  }

  /** SPL Token's packed COption<Pubkey>: a one-byte tag, then the key when present. */
  optionalPubkey(): string | null {
    return this.u8() === 1 ? this.pubkey() : null;
  }

  /** bincode String: u64 length then UTF-8 bytes. */
  string(): string {
    const length = Number(this.u64());
    const at = this.need(length);
    return new TextDecoder("utf-8", { fatal: true }).decode(this.data.subarray(at, at + length));
  }

  rest(): Uint8Array {
    const at = this.need(this.data.length - this.offset);
    return this.data.subarray(at);
  }
}

/** The account at instruction position `i`, or a ParseError when the instruction has too few. */
export function accountAt(accounts: readonly string[], i: number): string {
  const key = accounts[i];
  if (key === undefined) throw new ParseError("not enough account keys");
  return key;
}
