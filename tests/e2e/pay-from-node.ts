import { expect, type APIRequestContext } from "@playwright/test";
import { Connection, Keypair } from "@solana/web3.js";
import type { PaymentTransactionInfo } from "../../src/lib/pay-api";
import { buildPaymentTransaction } from "../../src/components/pay/solana/build-payment-transaction";
import { E2E_PAYMENTS_PORT } from "./pay-helpers";

/** Payers outside the browser, for journeys that need orders in a merchant's tables (Orders, tables-fit). */

const PAYMENTS = `http://localhost:${E2E_PAYMENTS_PORT}`;
const SANDBOX_CHAIN = -5001;

/** A payer starts paying the zLink in USDC on the sandbox Solana network (the pay page's start call); answers what to send. */
export async function startSolanaPayment(request: APIRequestContext, orderId: string, payer: Keypair): Promise<PaymentTransactionInfo> {
  const res = await request.post(`${PAYMENTS}/api/pay/${orderId}/start`, {
    data: { chainId: SANDBOX_CHAIN, token: "USDC", payer: payer.publicKey.toBase58(), sessionId: `orders-${payer.publicKey.toBase58().slice(0, 12)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** A payer's wallet outside the browser: faucet coins, the start call, the pay page's own transaction builder; answers the signature once confirmed. */
export async function paySolanaFromNode(request: APIRequestContext, orderId: string): Promise<string> {
  const payer = Keypair.generate();
  const faucet = await request.post(`${PAYMENTS}/api/sandbox/faucet`, { data: { chain: SANDBOX_CHAIN, address: payer.publicKey.toBase58(), token: "USDC" } });
  expect(faucet.status(), await faucet.text()).toBe(200);
  const info = await startSolanaPayment(request, orderId, payer);
  const config = await (await request.get(`${PAYMENTS}/api/config`)).json();
  const { rpcUrl, wsUrl } = config.data.contractsMeta[String(SANDBOX_CHAIN)] as { rpcUrl: string; wsUrl?: string };
  const connection = new Connection(rpcUrl, { commitment: "confirmed", wsEndpoint: wsUrl });
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
  const tx = buildPaymentTransaction({ payer: payer.publicKey, info, blockhash, lastValidBlockHeight });
  tx.sign(payer);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  return signature;
}
