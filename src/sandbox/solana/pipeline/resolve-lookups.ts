import { base58 } from "../parse/base58";
import type { AccountState } from "../bank/account";
import type { TransactionErrorJson } from "../bank/errors";
import { PROGRAM_IDS } from "../keys";
import type { DecodedMessage } from "../parse/decode-transaction";

export interface LoadedAddresses {
  writable: string[];
  readonly: string[];
}

// Address lookup table account: a 56-byte header, then 32-byte addresses.
const LOOKUP_TABLE_META_SIZE = 56;

/**
 * The addresses a v0 message loads from lookup tables, read at the caller's slot.
 * Deactivation and the same-slot extension rule are not modelled.
 */
export function resolveLookups(message: DecodedMessage, read: (address: string) => AccountState | null): LoadedAddresses | { err: TransactionErrorJson } {
  const loaded: LoadedAddresses = { writable: [], readonly: [] };
  for (const lookup of message.addressTableLookups) {
    const table = read(lookup.accountKey);
    if (!table) return { err: "AddressLookupTableNotFound" };
    if (table.owner !== PROGRAM_IDS.addressLookupTable) return { err: "InvalidAddressLookupTableOwner" };
    if (table.data.length < LOOKUP_TABLE_META_SIZE || (table.data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) return { err: "InvalidAddressLookupTableData" };
    const count = (table.data.length - LOOKUP_TABLE_META_SIZE) / 32;
    const addressAt = (i: number) => base58(table.data.subarray(LOOKUP_TABLE_META_SIZE + i * 32, LOOKUP_TABLE_META_SIZE + (i + 1) * 32));
    for (const i of lookup.writableIndexes) {
      if (i >= count) return { err: "InvalidAddressLookupTableIndex" };
      loaded.writable.push(addressAt(i));
    }
    for (const i of lookup.readonlyIndexes) {
      if (i >= count) return { err: "InvalidAddressLookupTableIndex" };
      loaded.readonly.push(addressAt(i));
    }
  }
  return loaded;
}
