import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm start`'s script on free ports and resolves with the origins it logs. */
function start() {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, APP_PORT: "0", PAYMENTS_PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info" },
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

describe("npm start", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("serves both origins and stops cleanly on %s", async (signal) => {
    const server = start();
    const { app, payments } = await server.ready;
    const health = await fetch(`${app}/api/health`).then((r) => r.json());
    expect(health.database.kind).toBe("pglite");
    expect((await fetch(`${app}/`)).status).toBe(200);
    expect((await fetch(`${payments}/?p=x`)).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "zpay.lock"))).toBe(true);

    server.child.kill(signal);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("stopped cleanly");
    expect(fs.existsSync(path.join(dataDir, "zpay.lock"))).toBe(false);
  });
});
