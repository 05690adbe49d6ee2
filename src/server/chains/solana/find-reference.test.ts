import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, Keypair } from "@solana/web3.js";
import { startSolanaSandbox, type SolanaSandbox } from "@/sandbox/solana";
import { findReference, findSignatures } from "./find-reference";

describe("findSignatures / findReference on the local network", () => {
  let solana: SolanaSandbox;
  let connection: Connection;
  const address = Keypair.generate().publicKey.toBase58();
  const sent: string[] = [];
  beforeAll(async () => {
    solana = await startSolanaSandbox({ slotMs: 10 });
    connection = new Connection(solana.rpcUrl, "confirmed");
    for (let i = 0; i < 25; i++) sent.push(await solana.airdrop(address, 1_000_000_000n + BigInt(i)));
  }, 60_000);
  afterAll(() => solana?.stop());

  it("reads every page of an address's history, oldest first (more than Solana Pay's 20)", async () => {
    const found = await findReference(connection, address, "confirmed", { pageSize: 10 });
    expect(found.map((s) => s.signature)).toEqual(sent);
    expect(found.every((s) => !s.err && s.slot > 0)).toBe(true);
  });

  it("stops at `until` (what a caller already read) and at most at `maxPages`", async () => {
    const after = await findSignatures(connection, address, "confirmed", { until: sent[19], pageSize: 2 });
    expect(after.map((s) => s.signature)).toEqual(sent.slice(20));
    const capped = await findSignatures(connection, address, "confirmed", { pageSize: 5, maxPages: 2 });
    expect(capped.map((s) => s.signature)).toEqual(sent.slice(15)); // the newest ten
  });
});
