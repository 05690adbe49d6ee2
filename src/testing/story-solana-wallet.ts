import bs58 from "bs58";
import { getWallets } from "@wallet-standard/app";

/**
 * Stories only: a Solana wallet registered through the Wallet Standard, as an extension registers
 * itself, that answers as told and signs with a dummy signature (story servers accept any). The
 * in-browser stand-in for tests/fixtures/solana-wallet.ts, which signs through Playwright and so
 * cannot run in a story.
 */

/** How a story wallet answers a request: yes, "User rejected the request.", or never. */
export type Answer = "ok" | "refuse" | "hang";

/** A square icon with the wallet's initial, as a data URL. */
export const letterIcon = (fill: string, letter: string) =>
  "data:image/svg+xml;base64," +
  btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${fill}"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
  );

/** A wallet request that never answers (the wallet's window left open). */
export const never = () => new Promise<never>(() => {});

export interface StorySolanaWallet {
  name: string;
  address: string;
  /** The icon's colour behind the name's initial, unless `icon` gives the whole icon. */
  color?: string;
  icon?: string;
  connect?: Answer;
  sign?: Answer;
  /** Also offers `solana:signTransaction` (never used by the stories), which the Solana wallet adapter requires. */
  signTransaction?: boolean;
}

/** Registers the wallet; returns the function that removes it. */
export function registerSolanaWallet({ name, address, color = "#ab9ff2", icon = letterIcon(color, name[0]!), connect = "ok", sign = "ok", signTransaction = false }: StorySolanaWallet): () => void {
  type Listener = (props: unknown) => void;
  const chains = ["solana:mainnet", "solana:devnet"] as const;
  const accountFeatures = signTransaction ? ["solana:signMessage", "solana:signTransaction"] : ["solana:signMessage"];
  const account = Object.freeze({ address, publicKey: bs58.decode(address), chains, features: accountFeatures });
  const listeners: Record<string, Listener[]> = {};
  let accounts: (typeof account)[] = [];
  const emit = (event: string, props: unknown) => (listeners[event] ?? []).forEach((l) => l(props));
  const signTransactionFeature = {
    "solana:signTransaction": {
      version: "1.0.0",
      supportedTransactionVersions: ["legacy", 0],
      signTransaction: async () => Promise.reject(new Error("not used in these stories")),
    },
  };
  const wallet = {
    version: "1.0.0",
    name,
    icon,
    chains,
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          if (connect === "hang") return never();
          if (connect === "refuse") throw new Error("User rejected the request.");
          accounts = [account];
          emit("change", { accounts });
          return { accounts };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        disconnect: async () => {
          accounts = [];
          emit("change", { accounts });
        },
      },
      "standard:events": {
        version: "1.0.0",
        on: (event: string, listener: Listener) => {
          (listeners[event] ??= []).push(listener);
          return () => (listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener));
        },
      },
      "solana:signMessage": {
        version: "1.0.0",
        signMessage: async (...inputs: { message: Uint8Array }[]) => {
          if (sign === "hang") return never();
          if (sign === "refuse") throw new Error("User rejected the request.");
          return inputs.map(({ message }) => ({ signedMessage: message, signature: new Uint8Array(64).fill(7) }));
        },
      },
      ...(signTransaction ? signTransactionFeature : {}),
    },
  };
  return getWallets().register(wallet as unknown as Parameters<ReturnType<typeof getWallets>["register"]>[0]);
}
