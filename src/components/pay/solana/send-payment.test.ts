import { describe, expect, it, vi } from "vitest";
import { Keypair, PublicKey, type Connection, type Transaction } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { USDC_PRODUCT, paymentInfoFor } from "../testing/fake-pay";
import { InsufficientBalanceError, MIN_FEE_LAMPORTS, PaymentFailedOnChainError, createSolanaPaymentSender } from "./send-payment";

const payer = Keypair.generate().publicKey;
const info = paymentInfoFor(USDC_PRODUCT); // 25 USDC = 25_000_000 base units
const blockhash = Keypair.generate().publicKey.toBase58();

function fakeConnection({ tokenAmount = "30000000", lamports = 1_000_000_000, missingTokenAccount = false, owner = TOKEN_PROGRAM_ID, err = null as unknown } = {}) {
  const calls: string[] = [];
  const connection = {
    rpcEndpoint: "http://127.0.0.1:8899",
    getAccountInfo: vi.fn(async (key: PublicKey) => (key.toBase58() === info.tokenAddress ? { owner, data: Buffer.alloc(82), lamports: 1, executable: false } : null)),
    getTokenAccountBalance: vi.fn(async (account: PublicKey) => {
      calls.push(`balance:${account.toBase58()}`);
      if (missingTokenAccount) throw new Error("failed to get token account balance: Invalid param: could not find account");
      return { context: { slot: 1 }, value: { amount: tokenAmount, decimals: 6, uiAmount: null } };
    }),
    getBalance: vi.fn(async () => lamports),
    getLatestBlockhash: vi.fn(async (commitment: string) => {
      calls.push(`blockhash:${commitment}`);
      return { blockhash, lastValidBlockHeight: 500 };
    }),
    confirmTransaction: vi.fn(async (_strategy: unknown, commitment: string) => {
      calls.push(`confirm:${commitment}`);
      return { context: { slot: 2 }, value: { err } };
    }),
  };
  return { connection: connection as unknown as Connection, mock: connection, calls };
}

function setup(options: Parameters<typeof fakeConnection>[0] = {}, send = vi.fn(async (_tx: Transaction, _c: Connection, _o?: unknown) => "sig-1")) {
  const c = fakeConnection(options);
  const getConnection = vi.fn(async () => c.connection);
  const sender = createSolanaPaymentSender({ getConnection, payer, sendTransaction: send });
  return { ...c, send, sender, getConnection };
}

describe("Solana payment sender", () => {
  it("sends the built transaction with preflight at confirmed, reports the hash, confirms at processed (SPEC §9)", async () => {
    const { sender, send, calls, getConnection } = setup();
    const onSent = vi.fn();
    await expect(sender.send(info, onSent)).resolves.toBe("sig-1");
    expect(getConnection).toHaveBeenCalledWith(info.chain);
    expect(send).toHaveBeenCalledTimes(1);
    const [tx, , options] = send.mock.calls[0]!;
    expect(options).toEqual({ preflightCommitment: "confirmed" });
    expect(tx.recentBlockhash).toBe(blockhash);
    expect(tx.feePayer?.equals(payer)).toBe(true);
    expect(tx.instructions[0]!.keys[4]!.pubkey.toBase58()).toBe(info.reference);
    expect(onSent).toHaveBeenCalledWith("sig-1");
    expect(calls).toEqual([`balance:${getAssociatedTokenAddressSync(new PublicKey(info.tokenAddress), payer).toBase58()}`, "blockhash:confirmed", "confirm:processed"]);
  });

  it("refuses before asking the wallet when the token balance is short, or the account does not exist", async () => {
    const short = setup({ tokenAmount: "24999999" });
    const err = await short.sender.send(info, vi.fn()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientBalanceError);
    expect(err).toMatchObject({ asset: "token", available: 24_999_999n, needed: 25_000_000n });
    expect(short.send).not.toHaveBeenCalled();

    const none = setup({ missingTokenAccount: true });
    await expect(none.sender.send(info, vi.fn())).rejects.toMatchObject({ asset: "token", available: 0n });
  });

  it("refuses when the wallet has no SOL for the fee", async () => {
    const { sender, send } = setup({ lamports: Number(MIN_FEE_LAMPORTS) - 1 });
    await expect(sender.send(info, vi.fn())).rejects.toMatchObject({ name: "InsufficientBalanceError", asset: "native" });
    expect(send).not.toHaveBeenCalled();
  });

  it("passes the wallet's own error through untouched and never reports a hash", async () => {
    const onSent = vi.fn();
    const { sender } = setup({}, vi.fn(async () => Promise.reject(new Error("User rejected the request."))));
    await expect(sender.send(info, onSent)).rejects.toThrow("User rejected the request.");
    expect(onSent).not.toHaveBeenCalled();
  });

  it("fails with the chain's error when the network processed it as failed", async () => {
    const onSent = vi.fn();
    const { sender } = setup({ err: { InstructionError: [0, { Custom: 1 }] } });
    const err = await sender.send(info, onSent).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentFailedOnChainError);
    expect(err).toMatchObject({ hash: "sig-1" });
    expect(onSent).toHaveBeenCalledWith("sig-1");
  });

  it("builds for Token-2022 when the mint belongs to it", async () => {
    const { sender, send } = setup({ owner: TOKEN_2022_PROGRAM_ID });
    await sender.send(info, vi.fn());
    expect(send.mock.calls[0]![0].instructions[0]!.programId.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
  });

  it("says so when the token does not exist on the wallet's network", async () => {
    const { sender, mock } = setup();
    mock.getAccountInfo.mockResolvedValue(null);
    await expect(sender.send(info, vi.fn())).rejects.toThrow(/does not exist on this network/);
  });
});
