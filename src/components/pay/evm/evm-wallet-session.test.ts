import { afterEach, describe, expect, it, vi } from "vitest";
import { createConfig, createStorage, http, mock, type CreateConnectorFn } from "@wagmi/core";
import { defineChain, InvalidParamsRpcError, BaseError } from "viem";
import { memoryStorage } from "@/stores/testing/memory-storage";
import { createEvmWalletSession } from "./evm-wallet-session";
import { createReconnectPolicy } from "./reconnect-policy";

const chainA = defineChain({ id: 31337, name: "Local EVM A", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["http://127.0.0.1:1"] } } });
const chainB = defineChain({ ...chainA, id: 31338, name: "Local EVM B" });
const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

function setup(connector: CreateConnectorFn = mock({ accounts: [PAYER] }), storage = memoryStorage()) {
  const config = createConfig({
    chains: [chainA, chainB],
    connectors: [connector],
    transports: { [chainA.id]: http(), [chainB.id]: http() },
    storage: createStorage({ key: "zpay.pay.evm", storage }),
  });
  const toasts: string[] = [];
  const policy = createReconnectPolicy();
  const session = createEvmWalletSession({ config, notify: (t) => toasts.push(`${t.variant}:${t.message}`), translate: (k, o) => `t:${k}${o ? JSON.stringify(o) : ""}`, policy, hasWindowEthereum: () => false });
  return { config, session, toasts, storage, policy };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("EVM wallet session", () => {
  it("connects the picked wallet and remembers it", async () => {
    const { session, storage } = setup();
    session.start();
    expect(session.$state.get()).toMatchObject({ status: "disconnected", address: null, wallets: [] });
    await session.connect("mock");
    expect(session.$state.get()).toMatchObject({ status: "connected", address: PAYER, chainId: chainA.id, switching: false });
    expect(storage.getItem("zpay.pay.evm.recentConnectorId")).toBe('"mock"');
    session.stop();
  });

  it("shows a connect failure as the wallet's words, with the reconnect hint, and forgets the wallet", async () => {
    vi.useFakeTimers();
    const refusal = new InvalidParamsRpcError(new BaseError("x", { details: "Invalid parameters: must provide an Ethereum address." }));
    const { session, toasts, storage } = setup(mock({ accounts: [PAYER], features: { connectError: refusal } }));
    storage.setItem("zpay.pay.evm.recentConnectorId", '"mock"');
    await session.connect("mock");
    expect(toasts).toEqual(["error:Invalid parameters: must provide an Ethereum address."]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(toasts[1]).toBe("info:t:wallet.reconnectHint");
    expect(session.$state.get().status).toBe("disconnected");
    expect(storage.getItem("zpay.pay.evm.recentConnectorId")).toBeNull();
  });

  it("switches network when asked", async () => {
    const { session } = setup();
    await session.connect("mock");
    await session.switchChain(chainB.id);
    expect(session.$state.get()).toMatchObject({ status: "connected", chainId: chainB.id, switching: false });
  });

  it("keeps the wallet when the payer refuses the switch (a toast only)", async () => {
    const { session, toasts } = setup(mock({ accounts: [PAYER], features: { switchChainError: true } }));
    await session.connect("mock");
    await session.switchChain(chainB.id);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatch(/^error:/);
    expect(session.$state.get()).toMatchObject({ status: "connected", chainId: chainA.id, switching: false });
  });

  it("disconnects and forgets a wallet that will not use the chain (chain not allowed)", async () => {
    const { session, toasts, storage } = setup();
    await session.connect("mock");
    await session.switchChain(999);
    expect(toasts).toEqual(['error:t:evm.chainNotAllowed{"chain":"999"}']);
    expect(session.$state.get()).toMatchObject({ status: "disconnected", address: null });
    expect(storage.getItem("zpay.pay.evm.recentConnectorId")).toBeNull();
  });

  it("reconnects the remembered wallet on start", async () => {
    const storage = memoryStorage();
    const first = setup(mock({ accounts: [PAYER], features: { reconnect: true, defaultConnected: true } }), storage);
    await first.session.connect("mock");
    const again = setup(mock({ accounts: [PAYER], features: { reconnect: true, defaultConnected: true } }), storage);
    again.session.start();
    await vi.waitFor(() => expect(again.session.$state.get()).toMatchObject({ status: "connected", address: PAYER }));
    again.session.stop();
  });

  it("retries a remembered wallet that does not reconnect five times, then gives up", async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    storage.setItem("zpay.pay.evm.recentConnectorId", '"mock"');
    const { session, policy } = setup(mock({ accounts: [PAYER], features: { reconnect: false } }), storage);
    session.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(policy.failures).toBe(5);
    expect(policy.canRetry()).toBe(false);
    expect(session.$state.get().status).toBe("disconnected");
    session.stop();
  });

  it("forgets the wallet on reset after a failed payment", async () => {
    const { session, storage } = setup();
    await session.connect("mock");
    session.reset();
    await vi.waitFor(() => expect(session.$state.get().status).toBe("disconnected"));
    expect(storage.getItem("zpay.pay.evm.recentConnectorId")).toBeNull();
  });
});
