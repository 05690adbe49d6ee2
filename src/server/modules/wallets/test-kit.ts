import bs58 from "bs58";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import type { WalletProofChallenge } from "@/lib/wallet-proof";
import type { ChainRuntime } from "../../chains/runtime";
import type { Db } from "../../db/client";
import { users, type UserSettings } from "../../db/schema";
import { newSolanaKey } from "../../testing/solana-keys";

/** Test helpers for the wallet routes' integration tests (not used by the app). */

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * An instance running Solana devnet, the local EVM chain and Polygon (no process behind them: the
 * wallet routes never call a chain), with token addresses for `/wallet/tokens`.
 */
export function walletTestChains(): ChainRuntime {
  return {
    solana: { chainId: SOLANA_DEVNET, rpcUrl: "http://127.0.0.1:9", mints: { USDC: newSolanaKey().address, USDT: newSolanaKey().address } },
    evm: [
      {
        chainId: LOCAL_EVM_CHAIN_ID,
        rpcUrl: "http://127.0.0.1:9",
        tokens: {
          USDC: { address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", decimals: 6 },
          USDT: { address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", decimals: 6 },
        },
      },
      { chainId: 137, rpcUrl: "http://127.0.0.1:9", tokens: { USDC: { address: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", decimals: 6 } } },
    ],
    stop: async () => {},
  };
}

/** Calls the API as `auth`, answering status and parsed body. */
export async function call(app: App, method: string, path: string, auth: Record<string, string>, body?: unknown) {
  const res = await app.request(`/api${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A wallet that signs proofs: an EVM account (personal_sign) or a Solana key (signMessage, base58). */
export interface ProvingWallet {
  address: string;
  sign(message: string): Promise<string>;
}

export function evmWallet(): ProvingWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return { address: account.address, sign: (message) => account.signMessage({ message }) };
}

export function solanaWallet(): ProvingWallet {
  const key = newSolanaKey();
  return { address: key.address, sign: async (message) => bs58.encode(Uint8Array.from(key.sign(message))) };
}

/** Asks for a challenge for `wallet` on `chain` and signs it: the `proof` to attach with. */
export async function prove(app: App, auth: Record<string, string>, chain: number, wallet: ProvingWallet) {
  const res = await call(app, "POST", "/wallet/networks/proof", auth, { chain, address: wallet.address });
  if (res.status !== 200) throw new Error(`proof challenge failed: ${res.status} ${JSON.stringify(res.body)}`);
  const challenge = res.body.data as WalletProofChallenge;
  return { challenge, proof: { nonce: challenge.nonce, signature: await wallet.sign(challenge.message) } };
}

/** Sets a merchant's `restrictUserToChains` (SPEC §3; no screen edits it yet). */
export async function restrictMerchant(db: Db, userId: string, chains: number[]): Promise<void> {
  const [u] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId));
  const settings: UserSettings = { ...u!.settings, restrictUserToChains: chains };
  await db.update(users).set({ settings }).where(eq(users.id, userId));
}
