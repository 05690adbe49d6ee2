import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { parseEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { createApp, createPaymentsApp } from "../src/server/app";
import { NO_CHAINS } from "../src/server/chains/runtime";
import { openDb } from "../src/server/db/client";
import { invoices } from "../src/server/db/schema";
import { newHashedId } from "../src/server/payments/payable-links";
import { invoiceTotal } from "../src/lib/invoice-math";
import type { DefaultInclusion } from "../src/lib/invoice";
import { signInMerchant } from "../src/server/testing/merchants";

/**
 * The public invoice PDF under a burst: 100 parallel requests for a 100-line invoice's PDF on the
 * payments origin (a real HTTP server on loopback, embedded PGlite), while one client asks
 * /api/health again and again; reports the PDFs' answers and latency and health's latency.
 * - cold, 100 versions: each request names a different invoice, none drawn before;
 * - cold, 1 version: all 100 name one invoice never drawn before;
 * - warm: all 100 name an invoice already drawn once.
 * Reports only; uses nothing but HTTP, so the same file measures any version of the server.
 */
const PARALLEL = Number(process.env.BENCH_PDF_PARALLEL ?? 100);
const LINES = Number(process.env.BENCH_PDF_LINES ?? 100);
/** Pause between two health requests (each waits for the previous answer). */
const HEALTH_GAP_MS = 5;

export interface PdfBurstResult {
  burst: string;
  ok: number;
  busy: number;
  /** Any other status, or no answer (connection reset). */
  otherStatus: number;
  wallMs: number;
  pdfP50: number;
  pdfP99: number;
  healthSamples: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function benchInvoicePdf(): Promise<PdfBurstResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-bench-pdf-"));
  const database = await openDb({ dataDir });
  const env = parseEnv({ LOG_LEVEL: "warn", SIGNIN_RATE_LIMIT: "1000", INVOICE_PDF_RATE_LIMIT: "1000000" });
  const deps = { env, database, log: createLogger("warn"), chains: NO_CHAINS, startedAt: new Date() };
  const server = serve({ fetch: createPaymentsApp(deps).fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const merchant = await signInMerchant(createApp(deps));
    const lines: DefaultInclusion[] = Array.from({ length: LINES }, (_, i) => ({
      description: `Consulting, week ${i + 1}: design review and implementation`,
      quantity: String((i % 5) + 1),
      unitPrice: { currency: "USD", value: `${100 + i}.25` },
      taxPercent: "20",
    }));
    const totalCents = invoiceTotal(lines).totalAmount;
    const rows = Array.from({ length: PARALLEL + 2 }, (_, i) => ({
      hashedId: newHashedId(),
      userId: merchant.id,
      kind: "invoice" as const,
      number: `PDF${String(i + 1).padStart(5, "0")}`,
      issuedOn: "2026-11-24",
      paymentDueOn: "2099-12-01",
      inclusions: lines,
      totalCents,
      notes: "Thank you for your business.",
    }));
    await database.db.insert(invoices).values(rows);
    const ids = rows.map((r) => r.hashedId);
    const pdfUrl = (id: string) => `${base}/api/pay/invoices/${id}/pdf`;

    async function burst(name: string, urls: string[]): Promise<PdfBurstResult> {
      let running = true;
      const health: number[] = [];
      const sampler = (async () => {
        while (running) {
          const t0 = performance.now();
          try {
            await (await fetch(`${base}/api/health`)).arrayBuffer();
          } catch {
            // A failed health answer still counts, with the time it took to fail.
          }
          health.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, HEALTH_GAP_MS));
        }
      })();
      const t0 = performance.now();
      const answers = await Promise.all(
        urls.map(async (url) => {
          const start = performance.now();
          try {
            const res = await fetch(url);
            await res.arrayBuffer();
            return { status: res.status, ms: performance.now() - start };
          } catch {
            return { status: 0, ms: performance.now() - start }; // the connection failed (counted in "other")
          }
        }),
      );
      const wallMs = performance.now() - t0;
      running = false;
      await sampler;
      const ok = answers.filter((a) => a.status === 200);
      return {
        burst: name,
        ok: ok.length,
        busy: answers.filter((a) => a.status === 503).length,
        otherStatus: answers.filter((a) => a.status !== 200 && a.status !== 503).length,
        wallMs: Math.round(wallMs),
        pdfP50: Math.round(percentile(ok.map((a) => a.ms), 50)),
        pdfP99: Math.round(percentile(ok.map((a) => a.ms), 99)),
        healthSamples: health.length,
        healthP50: round(percentile(health, 50)),
        healthP99: round(percentile(health, 99)),
        healthMax: round(Math.max(...health)),
      };
    }

    // One PDF first, so every burst finds pdfkit, the fonts and (where there is one) the worker loaded.
    const [warmId, oneVersionId, ...distinct] = ids;
    if ((await fetch(pdfUrl(warmId))).status !== 200) throw new Error("the first PDF failed");
    return [
      await burst(`cold: ${PARALLEL} versions`, distinct.map(pdfUrl)),
      await burst("cold: 1 version", Array.from({ length: PARALLEL }, () => pdfUrl(oneVersionId))),
      await burst("warm: 1 version", Array.from({ length: PARALLEL }, () => pdfUrl(warmId))),
    ];
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printInvoicePdf(results: PdfBurstResult[]) {
  console.log(`\nInvoice PDF burst: ${PARALLEL} parallel requests for a ${LINES}-line invoice's PDF, /api/health asked meanwhile (ms)`);
  console.table(
    results.map((r) => ({
      burst: r.burst,
      "200": r.ok,
      "503": r.busy,
      other: r.otherStatus,
      "all answered": r.wallMs,
      "PDF p50": r.pdfP50,
      "PDF p99": r.pdfP99,
      "health n": r.healthSamples,
      "health p50": r.healthP50,
      "health p99": r.healthP99,
      "health max": r.healthMax,
    })),
  );
}

// `npx tsx bench/invoice-pdf.ts`: this table alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printInvoicePdf(await benchInvoicePdf());
  process.exit(0);
}
