import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { SanctionsList, normalizeAddress, parseSanctionsSource } from "./list";

const TORNADO = "0x722122dF12D4e14e13Ac3b6895a86e84145b6967";

describe("sanctions list", () => {
  it("reads addresses from lines and CSV cells, EVM case-insensitively", () => {
    const sol = Keypair.generate().publicKey.toBase58();
    const text = `# comment\n${TORNADO}\n"name","${sol}",2024\nnot-an-address, 0x12\n${TORNADO.toUpperCase().replace("0X", "0x")}`;
    expect(parseSanctionsSource(text)).toEqual([normalizeAddress(TORNADO), sol].sort());
    expect(normalizeAddress(sol)).toBe(sol);
  });

  it("re-reads its file when it changes and refuses to answer without one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-sanctions-"));
    const file = path.join(dir, "list.json");
    const list = new SanctionsList(() => [file]);
    expect(() => list.isSanctioned(TORNADO)).toThrow();
    fs.writeFileSync(file, JSON.stringify({ source: "t", updatedAt: "", addresses: [] }));
    expect(list.isSanctioned(TORNADO)).toBe(false);
    fs.writeFileSync(file, JSON.stringify({ source: "t", updatedAt: "", addresses: [TORNADO] }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(list.isSanctioned(TORNADO.toLowerCase())).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("POST /v2/wallet-sanction-status", () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDb("pglite");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-sanctions-data-"));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const check = (app: ReturnType<typeof createApp>, route: string, wallet: string) =>
    app.request(route, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ wallet, payment: "p1", type: "quick-pay", chain: 1 }) });

  it("passes clean wallets and refuses listed ones, at the payments root and under the API", async () => {
    const deps = testDeps(database, { DATA_DIR: dataDir });
    const payments = createPaymentsApp(deps);
    const clean = await check(payments, "/v2/wallet-sanction-status?sessionId=s1", Keypair.generate().publicKey.toBase58());
    expect(clean.status).toBe(200);
    expect(await clean.json()).toEqual({ data: { passed: true } });
    expect(await (await check(payments, "/v2/wallet-sanction-status", TORNADO.toLowerCase())).json()).toEqual({ data: { passed: false } });
    expect(await (await check(createApp(deps), "/api/v2/wallet-sanction-status", TORNADO)).json()).toEqual({ data: { passed: false } });
    expect((await check(payments, "/v2/wallet-sanction-status", "")).status).toBe(400);
  });

  it("uses the operator's refreshed list from the data directory (the refresh script)", async () => {
    const payer = Keypair.generate().publicKey.toBase58();
    const source = path.join(dataDir, "operator.csv");
    fs.writeFileSync(source, `address\n${payer}\n`);
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/refresh-sanctions.ts", source, "--data-dir", dataDir], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const payments = createPaymentsApp(testDeps(database, { DATA_DIR: dataDir }));
    expect(await (await check(payments, "/v2/wallet-sanction-status", payer)).json()).toEqual({ data: { passed: false } });
    // The refreshed list replaces the bundled one.
    expect(await (await check(payments, "/v2/wallet-sanction-status", TORNADO)).json()).toEqual({ data: { passed: true } });
    const empty = path.join(dataDir, "empty.txt");
    fs.writeFileSync(empty, "nothing here\n");
    expect(spawnSync(process.execPath, ["--import", "tsx", "scripts/refresh-sanctions.ts", empty, "--data-dir", dataDir]).status).toBe(65);
  });
});
