import { benchHttp, benchListOverhead } from "./http";

/** `npm run bench`: prints figures; asserts nothing (tests never assert on wall-clock time). */
console.log(`zpay bench on ${process.version}, ${(await import("node:os")).cpus().length} cores`);
const http = await benchHttp();
console.log("\nHTTP (autocannon, req/s and latency in ms)");
console.table(http.map((r) => ({ backend: r.backend, route: r.route, "req/s": r.reqPerSec, p50: r.p50, p99: r.p99, errors: r.errors })));

// The HTTP edge's cost: the real app's authenticated zLink list beside a bare Hono app doing the same queries.
const overhead = await benchListOverhead();
console.log("\nGET /api/quick-pays (50 zLinks, bearer token): real app vs bare Hono app doing the same queries (req/s)");
console.table(overhead.map((r) => ({ backend: r.backend, "app req/s": r.appReqPerSec, "bare req/s": r.bareReqPerSec, "app/bare %": r.ratio, errors: r.errors })));

// Local Solana network: SPL payments built, signed, sent and confirmed (at confirmed) through its RPC.
const solana = await (await import("./solana")).benchSolana();
console.log(`\nSolana local network (${solana.transfers} SPL payments, ${solana.inFlight} in flight, ${solana.slotMs} ms slots; latency in ms, memory of the network process in MB)`);
console.table([
  {
    "payments/s": solana.transfersPerSec,
    p50: solana.p50,
    p99: solana.p99,
    errors: solana.errors,
    "server CPU %": solana.serverCpuPct,
    "RSS start": solana.startRssMb,
    "RSS peak": solana.peakRssMb,
    "heap peak": solana.peakHeapMb,
    "heap after GC": solana.heapAfterGcMb,
  },
]);
if (solana.firstError) console.warn(`first Solana payment error: ${solana.firstError}`);

// Payment detection: the pay API, watcher and webhook worker noticing real sandbox payments.
const detection = await (await import("./detection")).benchDetection();
console.log(`\nPayment detection (${detection.payments} zLink payments, ${detection.inFlight} at a time, ${detection.slotMs} ms slots; ms)`);
console.table([
  { step: "confirmed → paid", ...detection.confirmedToPaid },
  { step: "finalized → validated", ...detection.finalizedToValidated },
  { step: "finalized → webhook received", ...detection.finalizedToWebhook },
  { step: "validated → webhook received", ...detection.validatedToWebhook },
]);

// The same on the local EVM chain: payments through Request Network's fee proxy, noticed by the EVM watcher.
const evmDetection = await (await import("./evm-detection")).benchEvmDetection();
console.log(`\nEVM payment detection (${evmDetection.payments} zLink payments on local chain A, ${evmDetection.inFlight} at a time, ${evmDetection.blockTimeSec} s blocks, finalized 2 blocks behind; ms)`);
console.table([
  { step: "confirmed → paid", ...evmDetection.confirmedToPaid },
  { step: "finalized → validated", ...evmDetection.finalizedToValidated },
  { step: "finalized → webhook received", ...evmDetection.finalizedToWebhook },
  { step: "validated → webhook received", ...evmDetection.validatedToWebhook },
]);

// What pending payments cost the RPC: calls per pending payment per minute as 10 → 10,000 wait to be paid.
const watcherCost = await (await import("./watcher")).benchWatcher();
console.log("\nSolana watcher RPC cost (unpaid pending payments aged over 90 min, 50 receiving accounts, production defaults; after the resume pass)");
console.table(
  watcherCost.map((r) => ({
    pending: r.pending,
    "account subscriptions": r.subscriptions,
    "resume pass: calls": r.firstPassCalls,
    "resume pass: ms": r.firstPassMs,
    "calls / payment / min": r.callsPerPaymentPerMinute,
    "calls/s": r.callsPerSecond,
  })),
);

// Pay starts under a crowd: 200 payers at once against two app instances on one PostgreSQL database.
const starts = await (await import("./starts")).benchStarts();
console.log("\nPay starts, 200 payers at once, two app instances on one PostgreSQL database (ms; 3 rounds)");
console.table(starts.map((r) => ({ shape: r.shape, payers: r.payers, "ok / round": r.ok, p50: r.p50, p95: r.p95, max: r.max, "starts/s": r.startsPerSec })));

// A merchant's long lists: 10,000 zInvoices beside 10,000 zLinks.
const { benchBills, printBills } = await import("./bills");
printBills(await benchBills());

// The Orders list at 1,000,000 transactions on PostgreSQL: keyset pages and the streamed CSV export.
const { benchOrders, printOrders } = await import("./orders");
printOrders(await benchOrders());

// The public invoice PDF under a burst of 100 parallel requests, with /api/health asked meanwhile.
const { benchInvoicePdf, printInvoicePdf } = await import("./invoice-pdf");
printInvoicePdf(await benchInvoicePdf());

// Pages on a slow phone: JavaScript downloaded before any choice, largest paint and layout shift.
const { benchPages, printPages } = await import("./pages");
printPages(await benchPages());
process.exit(0);
