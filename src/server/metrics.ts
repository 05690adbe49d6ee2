import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Every Prometheus metric the process exposes at `/metrics`, defined once here. Process-local:
 * with several processes each is scraped on its own (counters add up across them). Figures read
 * from the database (payments by status) are gauges filled at scrape time by the health module.
 */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics, prefix: "zpay_process_" });

/** Seconds buckets from 5 ms to 30 s: an RPC call, an HTTP answer or a credit. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const rpcCalls = new Counter({
  name: "zpay_rpc_calls_total",
  help: "JSON-RPC requests sent to a chain node (each attempt), by chain and outcome (ok, error, timeout)",
  labelNames: ["chain", "outcome"] as const,
  registers: [metrics],
});

export const wsErrors = new Counter({
  name: "zpay_ws_errors_total",
  help: "Errors of a chain node's WebSocket (subscriptions; web3.js reconnects on its own), by chain",
  labelNames: ["chain"] as const,
  registers: [metrics],
});

export const rpcLatency = new Histogram({
  name: "zpay_rpc_latency_seconds",
  help: "Time a chain node took to answer a JSON-RPC request (each attempt), by chain",
  labelNames: ["chain"] as const,
  buckets: SECONDS,
  registers: [metrics],
});

export const creditLag = new Histogram({
  name: "zpay_credit_lag_seconds",
  help: "Seconds from a transfer's block time (as the chain reports it) to its credit to a payment, by chain",
  labelNames: ["chain"] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 900],
  registers: [metrics],
});

export const chainReachable = new Gauge({
  name: "zpay_chain_reachable",
  help: "1 while the last RPC call to the chain got an answer, 0 once calls fail or time out",
  labelNames: ["chain"] as const,
  registers: [metrics],
});

export const watcherLag = new Gauge({
  name: "zpay_watcher_lag_seconds",
  help: "Seconds since this process's watcher of a chain last read the chain successfully (only on the chain's leader)",
  labelNames: ["chain"] as const,
  registers: [metrics],
});

export const httpLatency = new Histogram({
  name: "zpay_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by origin, method and status class",
  labelNames: ["origin", "method", "status"] as const,
  buckets: SECONDS,
  registers: [metrics],
});

export const payStarts = new Counter({
  name: "zpay_pay_starts_total",
  help: "Payment starts on the pay page, by outcome (started, refused, chain_unavailable)",
  labelNames: ["outcome"] as const,
  registers: [metrics],
});

export const webhookAttempts = new Counter({
  name: "zpay_webhook_attempts_total",
  help: "Webhook delivery attempts, by outcome (delivered, failed, interrupted by a shutdown)",
  labelNames: ["outcome"] as const,
  registers: [metrics],
});


export const paymentsByStatus = new Gauge({
  name: "zpay_payments",
  help: "Payments created in the last 24 hours, by status (read from the database at scrape time)",
  labelNames: ["status"] as const,
  registers: [metrics],
});
