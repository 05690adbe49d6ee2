import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, Keypair, PublicKey, type Transaction } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { startSolanaSandbox, type SolanaSandbox } from "@/sandbox/solana";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { InsufficientBalanceError } from "../payment-sender";
import { MEMO_PROGRAM_ID } from "./build-payment-transaction";
import { createSolanaPaymentSender, type SendWithWallet } from "./send-payment";

/** The browser's payment path against the local Solana network: the transaction the chain accepts. */
describe("Solana payment sender on the local network", () => {
  let sandbox: SolanaSandbox;
  let connection: Connection;
  const payer = Keypair.generate();
  const merchant = Keypair.generate().publicKey;
  const reference = Keypair.generate().publicKey;
  let info: PaymentTransactionInfo;
  const preflights: (string | undefined)[] = [];
  // What a Wallet Standard wallet does for wallet-adapter's sendTransaction: sign, then send raw.
  const sendTransaction: SendWithWallet = async (tx: Transaction, c, options) => {
    preflights.push(options?.preflightCommitment);
    tx.partialSign(payer);
    return c.sendRawTransaction(tx.serialize(), { preflightCommitment: options?.preflightCommitment });
  };

  beforeAll(async () => {
    sandbox = await startSolanaSandbox();
    connection = new Connection(sandbox.rpcUrl, { commitment: "processed", wsEndpoint: sandbox.wsUrl });
    const mint = new PublicKey(sandbox.mints.USDC);
    await sandbox.airdrop(payer.publicKey.toBase58(), 1_000_000_000n);
    await sandbox.mintTokens(payer.publicKey.toBase58(), sandbox.mints.USDC, 30_000_000n);
    await sandbox.mintTokens(merchant.toBase58(), sandbox.mints.USDC, 0n);
    info = {
      payment: "pay_1",
      chain: -5001,
      recipient: merchant.toBase58(),
      address: getAssociatedTokenAddressSync(mint, merchant).toBase58(),
      tokenAddress: mint.toBase58(),
      decimals: 6,
      amount: "12.5",
      amountWei: "12500000",
      reference: reference.toBase58(),
      memo: "zpay:pay_1",
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it("moves the exact amount to the recipient's token account, with the memo, confirmed at processed", async () => {
    const sender = createSolanaPaymentSender({ getConnection: async () => connection, payer: payer.publicKey, sendTransaction });
    let sent = "";
    const hash = await sender.send(info, (h) => (sent = h));
    expect(hash).toBe(sent);
    expect(preflights).toEqual(["confirmed"]);
    const balance = await connection.getTokenAccountBalance(new PublicKey(info.address), "processed");
    expect(balance.value.amount).toBe("12500000");
    await connection.confirmTransaction({ signature: hash, ...(await connection.getLatestBlockhash("confirmed")) }, "confirmed");
    const tx = await connection.getParsedTransaction(hash, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    const programs = tx?.transaction.message.instructions.map((i) => i.programId.toBase58());
    expect(programs?.[1]).toBe(MEMO_PROGRAM_ID.toBase58());
    expect(tx?.transaction.message.accountKeys.map((k) => k.pubkey.toBase58())).toContain(reference.toBase58());
    expect(tx?.meta?.logMessages?.some((l) => l.includes("Memo (len 10)"))).toBe(true);
  });

  it("refuses before the wallet is asked when the payer holds too little", async () => {
    const sender = createSolanaPaymentSender({ getConnection: async () => connection, payer: payer.publicKey, sendTransaction });
    const before = preflights.length;
    await expect(sender.send({ ...info, amountWei: "999000000" }, () => {})).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(preflights).toHaveLength(before);
  });
});
