import { connect, disconnect, getConnection, reconnect, switchChain, watchConnection, watchConnectors, type Config, type Connector } from "@wagmi/core";
import { atom, type ReadableAtom } from "nanostores";
import type { ToastVariant } from "@/stores/toasts";
import type { DetectedWallet } from "../wallet-panel";
import { raiseWalletToasts, walletErrorToasts } from "../wallet-error-toasts";
import { classifyEvmWalletError, evmWalletMessage } from "./evm-wallet-errors";
import { evmWalletList } from "./evm-wallet-list";
import { createReconnectPolicy, reconnectDelayMs, type ReconnectPolicy } from "./reconnect-policy";

/** SPEC §4 Wallet: what the EVM wallet is doing, as plain values for the page. */
export interface EvmWalletState {
  wallets: DetectedWallet[];
  status: "disconnected" | "connecting" | "reconnecting" | "connected";
  address: string | null;
  /** The chain the wallet is on (may be one the page does not pay on). */
  chainId: number | null;
  /** A switch of network is being asked of the wallet. */
  switching: boolean;
}

export interface EvmWalletSessionDeps {
  config: Config;
  notify: (toast: { message: string; variant: ToastVariant }) => void;
  /** Translates a key of the `pay` namespace. */
  translate: (key: string, options?: Record<string, unknown>) => string;
  policy?: ReconnectPolicy;
  hasWindowEthereum?: () => boolean;
}

interface EventfulProvider {
  on?(event: "disconnect", listener: (error?: { code?: unknown }) => void): void;
  removeListener?(event: "disconnect", listener: (error?: { code?: unknown }) => void): void;
}

/**
 * The payer's EVM wallet over wagmi, outside React: the wallets to pick from (EIP-6963 discovery
 * keeps the list current), connecting one (one attempt at a time, SPEC §4), reconnecting the
 * remembered one up to five times (a 1013 disconnect starts the count over), switching network,
 * and the error rules of SPEC §4/§8: wallet errors as toasts with the reconnect hint, and a
 * chain the wallet will not use disconnects and forgets it.
 */
export function createEvmWalletSession({ config, notify, translate, policy = createReconnectPolicy(), hasWindowEthereum = () => typeof window !== "undefined" && "ethereum" in window }: EvmWalletSessionDeps) {
  let switching = false;
  const read = (): EvmWalletState => {
    const c = getConnection(config);
    const connected = c.status === "connected" || (c.status === "reconnecting" && Boolean(c.address));
    return {
      wallets: evmWalletList(config.connectors, hasWindowEthereum()),
      status: c.status,
      address: connected ? (c.address ?? null) : null,
      chainId: connected ? (c.chainId ?? null) : null,
      switching,
    };
  };
  const $state = atom<EvmWalletState>(read());
  const refresh = (patch: Partial<Omit<EvmWalletState, "switching">> & { switching?: boolean } = {}) => {
    if (patch.switching !== undefined) switching = patch.switching;
    $state.set({ ...read(), ...patch });
  };

  let busy = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let watchedProvider: EventfulProvider | undefined;
  const unsubscribers: (() => void)[] = [];

  const raise = (err: unknown) => raiseWalletToasts(walletErrorToasts(evmWalletMessage(err), translate), notify);

  /** Forgets the wallet: the connection, and wagmi's memory of which one was used. */
  async function clear() {
    clearTimeout(retryTimer);
    await disconnect(config).catch(() => {});
    await config.storage?.removeItem("recentConnectorId");
    refresh({ switching: false });
  }

  /** SPEC §4: a 1013 disconnect from the browser wallet means it reconnects itself; the retries start over. */
  const onProviderDisconnect = (error?: { code?: unknown }) => {
    if (policy.providerDisconnected(error?.code)) scheduleReconnect(0);
  };
  async function watchProvider(connector: Connector | undefined) {
    const provider = (await connector?.getProvider().catch(() => undefined)) as EventfulProvider | undefined;
    if (provider === watchedProvider) return;
    watchedProvider?.removeListener?.("disconnect", onProviderDisconnect);
    watchedProvider = provider;
    provider?.on?.("disconnect", onProviderDisconnect);
  }

  async function rememberedConnector(): Promise<Connector | undefined> {
    const id = await config.storage?.getItem("recentConnectorId");
    return id ? config.connectors.find((c) => c.id === id) : undefined;
  }

  /** One reconnect attempt of the remembered wallet; a failure schedules the next while retries remain. */
  async function attemptReconnect() {
    if (stopped || busy || getConnection(config).status === "connected") return;
    const connector = await rememberedConnector();
    if (!connector) return;
    busy = true;
    refresh();
    try {
      const connections = await reconnect(config, { connectors: [connector] });
      if (connections.length > 0) {
        policy.succeeded();
        void watchProvider(connector);
      } else if (policy.failed()) scheduleReconnect(reconnectDelayMs(policy.failures));
    } catch {
      if (policy.failed()) scheduleReconnect(reconnectDelayMs(policy.failures));
    } finally {
      busy = false;
      refresh();
    }
  }

  function scheduleReconnect(delayMs: number) {
    clearTimeout(retryTimer);
    if (stopped || !policy.canRetry()) return;
    retryTimer = setTimeout(() => void attemptReconnect(), delayMs);
  }

  return {
    $state: $state as ReadableAtom<EvmWalletState>,

    /** Follows wagmi (connection, discovered wallets) and reconnects the remembered wallet. */
    start() {
      stopped = false;
      unsubscribers.push(
        watchConnection(config, {
          onChange(next, previous) {
            refresh();
            if (next.status === "connected") void watchProvider(next.connector);
            // Dropped without the payer asking (the wallet went away): try to get it back.
            if (previous.status === "connected" && next.status === "disconnected" && !busy) scheduleReconnect(reconnectDelayMs(1));
          },
        }),
        watchConnectors(config, {
          onChange() {
            refresh();
            // The remembered wallet may announce itself (EIP-6963) after the page started.
            if (getConnection(config).status === "disconnected") void attemptReconnect();
          },
        }),
      );
      void attemptReconnect();
    },

    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      for (const off of unsubscribers.splice(0)) off();
      watchedProvider?.removeListener?.("disconnect", onProviderDisconnect);
      watchedProvider = undefined;
    },

    /** The payer picks a wallet; ignored while another attempt runs (SPEC §4 Connection). */
    async connect(id: string) {
      if (busy) return;
      const connector = config.connectors.find((c) => c.id === id);
      if (!connector) return;
      busy = true;
      refresh({ status: "connecting" });
      try {
        if (getConnection(config).status === "connected") await disconnect(config).catch(() => {});
        await connect(config, { connector });
        policy.succeeded();
        void watchProvider(connector);
      } catch (err) {
        raise(err);
        // SPEC §4: a connect error deselects the wallet.
        await config.storage?.removeItem("recentConnectorId");
      } finally {
        busy = false;
        refresh();
      }
    },

    /** The payer disconnects: the wallet is forgotten (no reconnect on the next visit). */
    async disconnect() {
      if (busy) return;
      await clear();
    },

    /**
     * Asks the wallet to move to `chainId`. A refusal in the wallet is only a toast (the payer may
     * try again); a chain the wallet cannot or will not use is 'chain not allowed': SPEC §4 says
     * the wallet is then deactivated and reset, so it is disconnected and forgotten.
     */
    async switchChain(chainId: number) {
      if ($state.get().switching || busy) return;
      refresh({ switching: true });
      try {
        await switchChain(config, { chainId });
        refresh({ switching: false });
      } catch (err) {
        // Only the payer's own "no" keeps the wallet; any other failure means it cannot use the chain.
        if (classifyEvmWalletError(err) !== "rejected") {
          const chain = config.chains.find((c) => c.id === chainId)?.name ?? String(chainId);
          notify({ message: translate("evm.chainNotAllowed", { chain }), variant: "error" });
          await clear();
        } else {
          raise(err);
          refresh({ switching: false });
        }
      }
    },

    /** SPEC §8: after an EVM payment failure the connector is reset and the wallet cleared. */
    reset() {
      void clear();
    },
  };
}

export type EvmWalletSession = ReturnType<typeof createEvmWalletSession>;
