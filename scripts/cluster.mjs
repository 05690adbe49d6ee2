// `npm run cluster`: the compose topology without Docker — a chain host (the local Solana network and
// both anvils in a process of their own) and N zpay processes on one PostgreSQL database, each its
// own OS process, so any of them can be killed and restarted around the others. A zpay process that
// dies is started again after a second (as compose's `restart: unless-stopped` does).
//
//   npm run cluster                      # two processes on postgres://postgres@127.0.0.1:5432/zpay_cluster
//   CLUSTER_SIZE=3 DATABASE_URL=... npm run cluster
//
// Ports: process i serves the app on 4421+10i and payments on 4422+10i; the chain host's control API
// is on 8890 (CHAIN_HOST_PORT). The soak (`npm run soak`) and tests/cluster start it through
// `startCluster` below.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { buildServer, SERVER_NODE_FLAGS } from "./build-server.mjs";

const DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/zpay_cluster";

/** Creates the database when the server has no such one yet (the cluster's first run). */
export function ensureDatabase(url) {
  const { pathname } = new URL(url);
  const name = pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const exists = spawnSync("psql", [admin.toString(), "-tAc", `select 1 from pg_database where datname = '${name.replace(/'/g, "''")}'`], { encoding: "utf8" });
  if (exists.status !== 0) throw new Error(`cannot reach PostgreSQL at ${admin.host}: ${exists.stderr.trim()}`);
  if (exists.stdout.trim() !== "1") {
    const created = spawnSync("psql", [admin.toString(), "-c", `create database "${name.replace(/"/g, '""')}"`], { encoding: "utf8" });
    if (created.status !== 0) throw new Error(`cannot create database ${name}: ${created.stderr.trim()}`);
  }
}

/** Starts `file` under Node and resolves once a JSON log line matches `ready` (or rejects when it exits first). */
/** Every child still running when this process exits (a crash, an error) is stopped with it (SIGTERM: the chain host stops its anvils): no orphan holds a port. */
const children = new Set();
process.once("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
});

function launch(name, file, env, { ready, onLine }) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, file], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const lines = createInterface({ input: child.stdout });
  const errors = createInterface({ input: child.stderr });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const started = new Promise((resolve, reject) => {
    lines.on("line", (line) => {
      onLine?.(name, line);
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if (ready(entry)) resolve(entry);
    });
    errors.on("line", (line) => onLine?.(name, line));
    void exited.then(({ code, signal }) => reject(new Error(`${name} exited (${signal ?? code}) before it was ready`)));
  });
  return { child, started, exited };
}

/**
 * Starts the cluster and resolves once every process serves. `options`: size (2), databaseUrl,
 * chainHostPort (8890; 0 = free), chainHostEnv, basePort (4421), slotMs, env (extra settings for the
 * zpay processes, or a function of the chain host's ready line answering them: e.g. a SOLANA_RPC_URL
 * through a fault proxy), onLine(name, line), restart (true).
 */
export async function startCluster(options = {}) {
  const size = options.size ?? 2;
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE;
  const basePort = options.basePort ?? 4421;
  const restart = options.restart ?? true;
  ensureDatabase(databaseUrl);
  if (!existsSync("dist/index.html")) {
    const built = spawnSync(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], { stdio: "inherit" });
    if (built.status !== 0) throw new Error("astro build failed");
  }
  const serverFile = await buildServer("src/server/main.ts", "main");
  const hostFile = await buildServer("src/sandbox/chain-host/main.ts", "chain-host");

  const common = { LOG_LEVEL: process.env.LOG_LEVEL ?? "info", SANDBOX_SLOT_MS: String(options.slotMs ?? process.env.SANDBOX_SLOT_MS ?? 400) };
  const host = launch("chain-host", hostFile, { ...common, CHAIN_HOST_PORT: String(options.chainHostPort ?? 8890), ...(options.chainHostEnv ?? {}) }, {
    ready: (entry) => entry.msg === "chain host ready",
    onLine: options.onLine,
  });
  const hostReady = await host.started;
  // Settings for the zpay processes may depend on the chain host's (a fault proxy in front of its RPC).
  const extraEnv = typeof options.env === "function" ? await options.env(hostReady) : (options.env ?? {});

  let stopping = false;
  const apps = [];
  const startApp = async (i) => {
    const appPort = basePort + 10 * i;
    const env = {
      ...common,
      DATABASE_URL: databaseUrl,
      APP_PORT: String(appPort),
      PAYMENTS_PORT: String(appPort + 1),
      SANDBOX_CHAIN_HOST_URL: hostReady.url,
      ...extraEnv,
    };
    const app = launch(`zpay-${i + 1}`, serverFile, env, { ready: (entry) => typeof entry.msg === "string" && entry.msg.startsWith("zpay is running"), onLine: options.onLine });
    const slot = { index: i, name: `zpay-${i + 1}`, appUrl: `http://127.0.0.1:${appPort}`, paymentsUrl: `http://127.0.0.1:${appPort + 1}`, ...app, restarts: apps[i]?.restarts ?? 0 };
    apps[i] = slot;
    void app.exited.then(() => {
      if (stopping || !restart || apps[i] !== slot) return;
      setTimeout(() => {
        if (stopping) return;
        slot.restarts += 1;
        void startApp(i).catch((error) => options.onLine?.(slot.name, `restart failed: ${error.message}`));
      }, 1_000);
    });
    await app.started;
    return slot;
  };
  await Promise.all(Array.from({ length: size }, (_, i) => startApp(i)));

  return {
    chainHost: { url: hostReady.url, settings: hostReady, pid: host.child.pid, exited: host.exited },
    apps,
    databaseUrl,
    /** Waits until process `i` (restarted after a kill) serves again. */
    async ready(i) {
      for (;;) {
        const slot = apps[i];
        try {
          await slot.started;
          if (slot.child.exitCode === null && slot.child.signalCode === null) return slot;
        } catch {
          // it died while starting; the restart loop starts it again
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      stopping = true;
      for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill("SIGTERM");
      await Promise.all(apps.map((app) => app.exited));
      host.child.kill("SIGTERM");
      await host.exited;
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const size = Number(process.env.CLUSTER_SIZE ?? 2);
  const cluster = await startCluster({ size, onLine: (name, line) => process.stdout.write(`${name.padEnd(10)} ${line}\n`) });
  console.log(`\nzpay cluster: ${size} processes on ${cluster.databaseUrl}, chain host ${cluster.chainHost.url}`);
  for (const app of cluster.apps) console.log(`  ${app.name}: app ${app.appUrl}  payments ${app.paymentsUrl}  (pid ${app.child.pid})`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
