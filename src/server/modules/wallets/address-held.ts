import { sql } from "drizzle-orm";
import { ADDRESS_HELD_ELSEWHERE } from "@/lib/wallet-messages";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { addressHolders } from "../../payments/address-owners";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Refuses to store a typed-in address another merchant already receives at (as a wallet or a
 * route contract): typing a public address proves nothing, and sharing it would take its
 * unreferenced inflows away from its owner (see payments/address-owners.ts). A proven address
 * (the attacher signed with its key) is let through. Runs inside the attaching transaction under
 * a lock on the address, so two merchants typing one address at once cannot both get in.
 * @throws {ApiError} 409 `address_held_elsewhere`.
 */
export async function refuseAddressHeldElsewhere(tx: Tx, input: { userId: string; family: string; address: string; proven: boolean }): Promise<void> {
  const key = `zpay:receiving-address:${input.family}:${input.address.toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  if (input.proven) return;
  const holders = await addressHolders(tx, input.family, input.address);
  if (holders.some((h) => h.userId !== input.userId)) {
    throw new ApiError(409, "address_held_elsewhere", ADDRESS_HELD_ELSEWHERE, [{ path: "address", message: ADDRESS_HELD_ELSEWHERE }]);
  }
}
