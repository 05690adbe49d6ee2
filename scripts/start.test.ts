import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_BUILD_DIR, SERVER_NODE_FLAGS } from "./build-server.mjs";
import { signInMerchant } from "../src/server/testing/merchants";
import { pdfText } from "../src/server/modules/invoices/pdf-text";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm start`'s script on free ports and resolves with the origins it logs. */
function start() {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, APP_PORT: "0", PAYMENTS_PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info", ZPAY_MODE: "sandbox", SOLANA_RPC_URL: "", EVM_RPC_URLS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise<{ app: string; payments: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split("\n")) {
        if (!line.includes("zpay is running")) continue;
        const { app, payments } = JSON.parse(line) as { app: string; payments: string };
        resolve({ app, payments });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    void exited.then((code) => reject(new Error(`exited ${code} before ready:\n${output}`)));
  });
  return { child, ready, exited, output: () => output };
}

/** Every JSON log line whose message is `msg`. */
function logLines<T>(output: string, msg: string): T[] {
  const lines = output.split("\n").filter((l) => l.includes(`"msg":"${msg}"`));
  if (lines.length === 0) throw new Error(`no "${msg}" line in:\n${output}`);
  return lines.map((line) => JSON.parse(line) as T);
}

/** The first JSON log line whose message is `msg`. */
const logLine = <T>(output: string, msg: string): T => logLines<T>(output, msg)[0]!;

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm start", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("serves both origins and stops cleanly on %s", async (signal) => {
    const server = start();
    const { app, payments } = await server.ready;
    const health = await fetch(`${app}/api/health`).then((r) => r.json());
    expect(health.database.kind).toBe("pglite");
    expect((await fetch(`${app}/`)).status).toBe(200);
    expect((await fetch(`${payments}/?p=x`)).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "zpay.lock"))).toBe(true);
    // The script became the bundled server (same PID, so signals reach it) with the server's V8 flags.
    const cmdline = fs.readFileSync(`/proc/${server.child.pid}/cmdline`, "utf8").split("\0");
    expect(cmdline).toContain(path.join(SERVER_BUILD_DIR, "main.mjs"));
    for (const flag of SERVER_NODE_FLAGS) expect(cmdline).toContain(flag);

    // Sandbox with no RPC URLs: the local Solana network and both local EVM networks are up and answer.
    const config = (await fetch(`${payments}/api/config`).then((r) => r.json())) as { data: { chainsOrder: number[] } };
    expect(config.data.chainsOrder).toEqual([-5001, 31337, 31338]);
    const solana = logLine<{ rpc: string }>(server.output(), "local Solana network started");
    const evms = logLines<{ chainId: number; rpc: string; pid: number }>(server.output(), "local EVM network started").sort((a, b) => a.chainId - b.chainId);
    expect(evms.map((e) => e.chainId)).toEqual([31337, 31338]);
    expect(new Set(evms.map((e) => e.pid)).size).toBe(2);
    const rpc = (url: string, method: string) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }) }).then(
        (r) => r.json() as Promise<{ result: unknown }>,
      );
    expect((await rpc(solana.rpc, "getHealth")).result).toBe("ok");
    expect((await rpc(evms[0]!.rpc, "eth_chainId")).result).toBe("0x7a69");
    expect((await rpc(evms[1]!.rpc, "eth_chainId")).result).toBe("0x7a6a");
    for (const evm of evms) expect(isRunning(evm.pid)).toBe(true);

    // An invoice PDF, drawn by the bundled worker thread (dist-server/invoice-pdf-worker.mjs) with pdfkit and the fonts,
    // which the server bundle names (not the TypeScript source, which would need tsx at run time).
    const workerBundle = path.join(SERVER_BUILD_DIR, "invoice-pdf-worker.mjs");
    expect(fs.existsSync(workerBundle)).toBe(true);
    expect(fs.readFileSync(path.join(SERVER_BUILD_DIR, "main.mjs"), "utf8")).toContain(JSON.stringify(pathToFileURL(workerBundle).href));
    const merchant = await signInMerchant({ request: (url, init) => fetch(`${app}${url}`, init) });
    const post = async (url: string, body: unknown) =>
      (await (await fetch(`${app}/api${url}`, { method: "POST", headers: { ...merchant.auth, "content-type": "application/json" }, body: JSON.stringify(body) })).json()).data;
    const { customer } = await post("/v1/customers", { name: "Zoë", email: "zoe@example.com" });
    const line = { description: "Café design", quantity: "1", unitPrice: { currency: "USD", value: "10" }, taxPercent: "0" };
    const { invoice } = await post("/v1/invoices", { issuedOn: "2026-11-24", paymentDueOn: "2099-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line] });
    const pdf = await fetch(`${payments}/api/pay/invoices/${invoice.hashedId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain("Café design");
    expect((await fetch(`${payments}/api/pay/invoices/${invoice.hashedId}/pdf`, { headers: { "if-none-match": pdf.headers.get("etag")! } })).status).toBe(304);

    server.child.kill(signal);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("stopped cleanly");
    expect(fs.existsSync(path.join(dataDir, "zpay.lock"))).toBe(false);
    // Shutting down leaves no child process and no listening network behind.
    for (const evm of evms) expect(isRunning(evm.pid)).toBe(false);
    await expect(rpc(solana.rpc, "getHealth")).rejects.toThrow();
  }, 120_000); // bundles the server, then starts three local chains: slow on a busy 2-core machine
});
