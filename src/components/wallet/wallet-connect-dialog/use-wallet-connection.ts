import * as React from "react";
import type { ConnectableWallet } from "./connectable-wallets";

/**
 * The wallet modal's states (SPEC §4): a chosen wallet is `connecting`, then `connected` with its
 * address; proving it goes `signing` then `saving`. A refused signature or a server refusal is
 * `failed` with the connected address kept, so the merchant can try again or pick another wallet.
 */
export type ConnectionState =
  | { phase: "idle" }
  | { phase: "connecting"; wallet: ConnectableWallet }
  | { phase: "connected" | "signing" | "saving"; wallet: ConnectableWallet; address: string }
  | { phase: "failed"; wallet: ConnectableWallet; address: string; reason: "signature" | "server"; message: string };

export interface WalletConnection {
  state: ConnectionState;
  /** Why the last connection attempt failed (the wallet is deselected then, SPEC §4). */
  connectError: { wallet: string; message: string } | null;
  /** Connects `wallet`; ignored while another attempt runs. */
  choose(wallet: ConnectableWallet): void;
  /**
   * Signs and saves with the connected wallet: `prove` gets the address and a signer and does the
   * rest (challenge, signature, server); a thrown `SignatureRefused` means the wallet said no.
   * When `prove` answers "release" the wallet is let go (SPEC §7: `already-attached` clears it).
   */
  confirm(prove: (address: string, sign: (message: string) => Promise<string>) => Promise<void | "release">): void;
  /** Lets the connected wallet go and returns to the list; ignored while an attempt runs. */
  release(): void;
}

/** The wallet refused (or failed) to sign: shown as a refused signature, not a server problem. */
export class SignatureRefused extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "SignatureRefused";
  }
}

const reason = (err: unknown) => (err instanceof Error && err.message ? err.message : String(err));

export function useWalletConnection(): WalletConnection {
  const [state, setState] = React.useState<ConnectionState>({ phase: "idle" });
  const [connectError, setConnectError] = React.useState<WalletConnection["connectError"]>(null);
  // One attempt (connect, sign, disconnect) at a time, whatever the renders in between.
  const busy = React.useRef(false);
  const live = React.useRef(true);
  React.useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const set = (next: ConnectionState) => live.current && setState(next);

  const choose = (wallet: ConnectableWallet) => {
    if (busy.current) return;
    busy.current = true;
    setConnectError(null);
    set({ phase: "connecting", wallet });
    wallet
      .connect()
      .then((address) => set({ phase: "connected", wallet, address }))
      .catch((err: unknown) => {
        set({ phase: "idle" });
        if (live.current) setConnectError({ wallet: wallet.name, message: reason(err) });
      })
      .finally(() => {
        busy.current = false;
      });
  };

  const confirm: WalletConnection["confirm"] = (prove) => {
    if (busy.current || (state.phase !== "connected" && state.phase !== "failed")) return;
    const { wallet, address } = state;
    busy.current = true;
    set({ phase: "signing", wallet, address });
    const sign = async (message: string) => {
      try {
        const signature = await wallet.signMessage(address, message);
        set({ phase: "saving", wallet, address });
        return signature;
      } catch (err) {
        throw new SignatureRefused(err);
      }
    };
    prove(address, sign)
      .then(async (outcome) => {
        if (outcome !== "release") return;
        set({ phase: "idle" });
        await wallet.disconnect();
      })
      .catch((err: unknown) => {
        set({ phase: "failed", wallet, address, reason: err instanceof SignatureRefused ? "signature" : "server", message: reason(err) });
      })
      .finally(() => {
        busy.current = false;
      });
  };

  const release = () => {
    if (busy.current || state.phase === "idle") return;
    const wallet = state.wallet;
    busy.current = true;
    set({ phase: "idle" });
    void wallet.disconnect().finally(() => {
      busy.current = false;
    });
  };

  return { state, connectError, choose, confirm, release };
}
