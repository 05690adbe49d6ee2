import bs58 from "bs58";
import { getWallets } from "@wallet-standard/app";

/**
 * Stories only: wallets in the page, found the way real ones are (EIP-6963 announcements, the
 * Wallet Standard registry), that answer as told. Each returns the function that removes it.
 */

export type Answer = "ok" | "refuse" | "hang";

const icon = (fill: string, letter: string) =>
  "data:image/svg+xml;base64," +
  btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${fill}"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
  );

const never = () => new Promise<never>(() => {});
/** A wallet's "User rejected the request." (EIP-1193 code 4001). */
const rejected = () => Object.assign(new Error("User rejected the request."), { code: 4001 });

export interface StoryEvmWallet {
  name: string;
  rdns?: string;
  color?: string;
  address?: string;
  connect?: Answer;
  sign?: Answer;
}

/** Every EVM request a story wallet received, in order (method names). */
export const evmRequests: string[] = [];

/** An injected EVM wallet announced through EIP-6963 (and re-announced on every request). */
export function announceEvmWallet({ name, rdns = `com.example.${name.toLowerCase().replace(/\W/g, "")}`, color = "#6366f1", address = "0x52908400098527886E0F7030069857D2E4169EE7", connect = "ok", sign = "ok" }: StoryEvmWallet): () => void {
  const provider = {
    request: async ({ method }: { method: string; params?: unknown }) => {
      evmRequests.push(method);
      switch (method) {
        case "eth_requestAccounts":
          if (connect === "hang") return never();
          if (connect === "refuse") throw rejected();
          return [address];
        case "personal_sign":
          if (sign === "hang") return never();
          if (sign === "refuse") throw rejected();
          return `0x${"1b".repeat(65)}`;
        case "wallet_revokePermissions":
          return null;
        default:
          throw Object.assign(new Error(`${method} is not supported`), { code: 4200 });
      }
    },
  };
  const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), name, icon: icon(color, name[0]!), rdns }), provider });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
  return () => window.removeEventListener("eip6963:requestProvider", announce);
}

export interface StorySolanaWallet {
  name: string;
  address: string;
  color?: string;
  connect?: Answer;
  sign?: Answer;
}

/** A Solana wallet registered through the Wallet Standard, as an extension registers itself. */
export function registerSolanaWallet({ name, address, color = "#ab9ff2", connect = "ok", sign = "ok" }: StorySolanaWallet): () => void {
  type Listener = (props: unknown) => void;
  const chains = ["solana:mainnet", "solana:devnet"] as const;
  const account = Object.freeze({ address, publicKey: bs58.decode(address), chains, features: ["solana:signMessage"] });
  const listeners: Record<string, Listener[]> = {};
  let accounts: (typeof account)[] = [];
  const emit = (event: string, props: unknown) => (listeners[event] ?? []).forEach((l) => l(props));
  const wallet = {
    version: "1.0.0",
    name,
    icon: icon(color, name[0]!),
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
    },
  };
  return getWallets().register(wallet as unknown as Parameters<ReturnType<typeof getWallets>["register"]>[0]);
}
