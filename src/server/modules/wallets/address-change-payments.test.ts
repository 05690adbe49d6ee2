import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { Database } from "../../db/client";
import { transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { until } from "../../testing/webhook-receiver";
import { callJson, fundedPayer, merchantWithLink, pay, startPayFixture, type PayFixture } from "../../testing/pay-fixture";

/**
 * A payment stores its recipient when it starts: changing the receiving address afterwards sends
 * new payments to the new address and leaves one under way (and its money) with the old one.
 */
describe.each(TEST_BACKENDS)("changing the receiving address while a payment is under way (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startPayFixture(database);
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
    await database?.close();
  });

  const start = (id: string, payer: string) =>
    callJson(f.payments, "POST", `/api/pay/${id}/start`, { chainId: -5001, token: "USDC", payer, sessionId: `session-${payer.slice(0, 12)}` });
  const balance = async (owner: string) => {
    const ata = getAssociatedTokenAddressSync(new PublicKey(f.solana.mints.USDC), new PublicKey(owner), true);
    const info = await f.connection.getTokenAccountBalance(ata, "confirmed").catch(() => undefined);
    return BigInt(info?.value.amount ?? 0);
  };

  it("the started payment keeps the old recipient and is paid there; a new one goes to the new address", async () => {
    const { merchant, receiving: oldAddress, link } = await merchantWithLink(f, { label: "Tea", price: "2", currency: "USDC" });
    const payer = await fundedPayer(f);
    const started = await start(link.hashedId, payer.publicKey.toBase58());
    expect(started.status).toBe(200);
    const info: PaymentTransactionInfo = started.body.data;
    expect(info.recipient).toBe(oldAddress);

    const newAddress = Keypair.generate().publicKey.toBase58();
    const changed = await callJson(f.app, "POST", "/api/wallet/networks/update-address", { address: newAddress }, merchant.auth);
    expect(changed.status).toBe(200);

    const [row] = await database.db.select().from(transactions).where(eq(transactions.publicId, info.payment));
    expect(row).toMatchObject({ recipient: oldAddress, status: "initiated" });

    // The payer pays what their page was given: the old address's account. It counts.
    await pay(f, payer, info);
    await until(async () => {
      const [now] = await database.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.publicId, info.payment));
      return now!.status === "paid" || now!.status === "validated" ? now : undefined;
    }, "payment paid");
    expect(await balance(oldAddress)).toBe(2_000_000n);
    expect(await balance(newAddress)).toBe(0n);

    // A new payment (another payer) goes to the new address.
    const second = await start(link.hashedId, (await fundedPayer(f)).publicKey.toBase58());
    expect(second.status).toBe(200);
    expect(second.body.data.recipient).toBe(newAddress);
  });
});
