import { letterIcon, never, type Answer } from "@/testing/story-solana-wallet";

/**
 * Stories only: wallets in the page, found the way real ones are (EIP-6963 announcements, the
 * Wallet Standard registry), that answer as told. Each returns the function that removes it.
 */

export { registerSolanaWallet, type Answer, type StorySolanaWallet } from "@/testing/story-solana-wallet";

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
  const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), name, icon: letterIcon(color, name[0]!), rdns }), provider });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
  return () => window.removeEventListener("eip6963:requestProvider", announce);
}
