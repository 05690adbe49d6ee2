import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { createApp } from "../src/server/app";
import { NO_CHAINS } from "../src/server/chains/runtime";
import { openDb } from "../src/server/db/client";
import { invoices, payableLinks, quickPays } from "../src/server/db/schema";
import { newHashedId } from "../src/server/payments/payable-links";
import { invoiceTotal } from "../src/lib/invoice-math";
import type { DefaultInclusion } from "../src/lib/invoice";
import { signInMerchant } from "../src/server/testing/merchants";
import { sql } from "drizzle-orm";

/**
 * A merchant with 10,000 zInvoices opening /bills: GET /api/bills (one list, every bill with its
 * invoice and payment info) timed over repeated requests through the real app on embedded
 * PGlite, beside GET /api/quick-pays over 10,000 zLinks in the same run (the list the product
 * started with, the baseline). Reports only.
 */
const ROWS = Number(process.env.BENCH_BILLS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_BILL_REQUESTS ?? 15);
const BATCH = 500;

export interface ListResult {
  list: string;
  rows: number;
  p50: number;
  p95: number;
  max: number;
  /** Response body, KB (uncompressed JSON). */
  kb: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchBills(): Promise<ListResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-bench-bills-"));
  const database = await openDb({ dataDir });
  try {
    const env = parseEnv({ LOG_LEVEL: "warn", SIGNIN_RATE_LIMIT: "1000" });
    const app = createApp({ env, database, log: createLogger("warn"), chains: NO_CHAINS, startedAt: new Date() });
    const merchant = await signInMerchant(app);
    const userId = merchant.id;
    const line: DefaultInclusion = { description: "Consulting", quantity: "3", unitPrice: { currency: "USD", value: "120.5" }, taxPercent: "20" };
    const totalCents = invoiceTotal([line]).totalAmount;
    const start = Date.now() - ROWS * 1000;
    for (let offset = 0; offset < ROWS; offset += BATCH) {
      const size = Math.min(BATCH, ROWS - offset);
      const bills = Array.from({ length: size }, (_, i) => ({
        hashedId: newHashedId(),
        userId,
        kind: "bill" as const,
        label: "Pay Now",
        number: `ZSH${String(offset + i + 1).padStart(6, "0")}`,
        issuedOn: "2026-11-24",
        paymentDueOn: "2026-12-01",
        currency: "USD",
        inclusions: [line],
        totalCents,
        createdAt: new Date(start + (offset + i) * 1000),
      }));
      const links = Array.from({ length: size }, (_, i) => ({
        hashedId: newHashedId(),
        userId,
        label: `Link ${offset + i}`,
        price: "12.5",
        currency: "USD",
        useFiat: true,
        userCurrency: "USD",
        createdAt: new Date(start + (offset + i) * 1000),
      }));
      await database.db.transaction(async (tx) => {
        const rows = await tx.insert(invoices).values(bills).returning({ id: invoices.id, hashedId: invoices.hashedId });
        const zlinks = await tx.insert(quickPays).values(links).returning({ id: quickPays.id, hashedId: quickPays.hashedId });
        await tx.insert(payableLinks).values([
          ...rows.map((r) => ({ hashedId: r.hashedId, productType: "bill", productId: r.id, userId })),
          ...zlinks.map((r) => ({ hashedId: r.hashedId, productType: "quick-pay", productId: r.id, userId })),
        ]);
      });
    }
    await database.db.execute(sql`ANALYZE`);
    const results: ListResult[] = [];
    for (const [list, route] of [
      ["GET /api/quick-pays (zLinks, baseline)", "/api/quick-pays"],
      ["GET /api/bills (zInvoices)", "/api/bills"],
    ] as const) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REQUESTS + 2; i++) {
        const t0 = performance.now();
        const res = await app.request(route, { headers: merchant.auth });
        const body = await res.text();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${route}: ${res.status} ${body.slice(0, 200)}`);
        bytes = body.length;
        if (i >= 2) times.push(ms); // two warm-up requests discarded
      }
      times.sort((a, b) => a - b);
      results.push({ list, rows: ROWS, p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), max: Math.round(times.at(-1)!), kb: Math.round(bytes / 1024) });
    }
    return results;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printBills(results: ListResult[]) {
  console.log(`\nA merchant's list of ${results[0]?.rows ?? ROWS} items, embedded PGlite, through the app (${REQUESTS} requests after 2 warm-up; ms, body KB)`);
  console.table(results.map((r) => ({ list: r.list, p50: r.p50, p95: r.p95, max: r.max, "body KB": r.kb })));
  const [base, bills] = results;
  if (base && bills) console.log(`bills / zLinks p95: ${(bills.p95 / base.p95).toFixed(2)}×`);
}

// `npx tsx bench/bills.ts`: this table alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printBills(await benchBills());
  process.exit(0);
}
