import type http from "node:http";
import type { Logger } from "pino";
import { DEFAULT_SLOT_MS, FINALITY_DEPTH } from "./constants";
import { Faucet } from "./faucet";
import type { RecordedTransaction } from "./ledger/types";
import { rpcMethods } from "./methods";
import { SolanaNetwork } from "./network";
import { closeServer, createRpcServer, listen } from "./rpc-server";
import { SlotClock } from "./slot-clock";
import { SubscriptionHub } from "./subscriptions";
import { WsRpcServer } from "./ws-server";

export interface SolanaSandboxOptions {
  /** Default "127.0.0.1". */
  host?: string;
  /** HTTP port; the WebSocket is on port + 1 (as @solana/web3.js derives it). 0 = pick a free pair. */
  port?: number;
  /** Slot clock period, default 400 ms; tests use ~10-20. */
  slotMs?: number;
  log?: Logger;
}

export interface SolanaSandbox {
  /** http://HOST:PORT */
  rpcUrl: string;
  /** ws://HOST:PORT+1 */
  wsUrl: string;
  /** Test USDC and USDT mints (6 decimals) at deterministic addresses. */
  mints: { USDC: string; USDT: string };
  /** A recorded system transfer from the genesis faucet; resolves once it is confirmed. */
  airdrop(address: string, lamports: bigint): Promise<string>;
  /** Creates the owner's associated token account if missing and mints `amount` base units; resolves once confirmed. */
  mintTokens(owner: string, mint: string, amount: bigint): Promise<string>;
  /** What the network recorded for a signature, or undefined. */
  getRecordedTransaction(signature: string): RecordedTransaction | undefined;
  /** The current slot at each commitment. */
  slots(): { processed: number; confirmed: number; finalized: number };
  /** Closes HTTP and WebSocket servers (sockets closed with code 1000), stops the clock. */
  stop(): Promise<void>;
}

/** Internal handle for tests: the network itself and a way to drive a manual clock. */
export interface LaunchedSandbox {
  sandbox: SolanaSandbox;
  network: SolanaNetwork;
  faucet: Faucet;
  /** Advances `slots` slots at once (any clock). */
  advance(slots?: number): void;
}

const urlHost = (host: string) => (host.includes(":") ? `[${host}]` : host);
const PORT_PAIR_ATTEMPTS = 20;

/** Binds HTTP on `port` and WebSocket on port + 1; with port 0, retries until a free pair is found. */
async function bindPair(host: string, port: number, server: http.Server, hub: SubscriptionHub, log?: Logger): Promise<{ port: number; ws: WsRpcServer }> {
  for (let attempt = 1; ; attempt++) {
    const bound = await listen(server, host, port);
    try {
      return { port: bound, ws: await WsRpcServer.listen(host, bound + 1, hub, log) };
    } catch (err) {
      await closeServer(server);
      const inUse = (err as NodeJS.ErrnoException).code === "EADDRINUSE";
      if (port !== 0 || !inUse || attempt >= PORT_PAIR_ATTEMPTS) throw err;
    }
  }
}

/**
 * Starts the network: genesis (faucet, test mints), warped past finality so genesis is
 * finalized, then the HTTP and WebSocket servers and the slot clock (unless `manualClock`).
 */
export async function launchSolanaSandbox(options: SolanaSandboxOptions & { manualClock?: boolean } = {}): Promise<LaunchedSandbox> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log;
  const network = new SolanaNetwork(log);
  const faucet = new Faucet(network);
  faucet.genesis();
  const advance = (slots = 1) => {
    for (let i = 0; i < slots; i++) network.advance();
  };
  advance(FINALITY_DEPTH + 1);

  const hub = new SubscriptionHub(network);
  const http = createRpcServer(rpcMethods({ net: network, faucet }), log);
  const { port, ws } = await bindPair(host, options.port ?? 0, http, hub, log);
  const clock = new SlotClock(options.slotMs ?? DEFAULT_SLOT_MS, () => network.advance());
  if (!options.manualClock) clock.start();

  const sandbox: SolanaSandbox = {
    rpcUrl: `http://${urlHost(host)}:${port}`,
    wsUrl: `ws://${urlHost(host)}:${port + 1}`,
    mints: { ...faucet.mints },
    async airdrop(address, lamports) {
      const signature = faucet.airdrop(address, lamports);
      await network.waitFor(signature, "confirmed");
      return signature;
    },
    async mintTokens(owner, mint, amount) {
      const signature = faucet.mintTokens(owner, mint, amount);
      await network.waitFor(signature, "confirmed");
      return signature;
    },
    getRecordedTransaction: (signature) => network.recorder.get(signature),
    slots: () => ({
      processed: network.tip,
      confirmed: Math.max(0, network.slotAt("confirmed")),
      finalized: Math.max(0, network.slotAt("finalized")),
    }),
    async stop() {
      clock.stop();
      network.rejectWaiters(new Error("Solana sandbox stopped"));
      hub.close();
      await Promise.all([ws.close(), closeServer(http)]);
      log?.info("Solana sandbox stopped");
    },
  };
  log?.info({ rpcUrl: sandbox.rpcUrl, wsUrl: sandbox.wsUrl, slotMs: options.slotMs ?? DEFAULT_SLOT_MS }, "Solana sandbox listening");
  return { sandbox, network, faucet, advance };
}
