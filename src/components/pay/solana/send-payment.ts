import "@/lib/polyfills";
import type { SendTransactionOptions } from "@solana/wallet-adapter-base";
import { PublicKey, type Connection, type Transaction } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { InsufficientBalanceError, PaymentFailedOnChainError, type PaymentSender } from "../payment-sender";
import { buildPaymentTransaction, payerTokenAccount } from "./build-payment-transaction";

export { InsufficientBalanceError, PaymentFailedOnChainError, type PaymentSender };

/** One signature's fee on Solana; a wallet with less cannot send anything. */
export const MIN_FEE_LAMPORTS = 5000n;

export type SendWithWallet = (transaction: Transaction, connection: Connection, options?: SendTransactionOptions) => Promise<string>;

/** The token balance in base units; a payer without a token account holds 0. Undefined when the RPC cannot tell. */
async function tokenBalance(connection: Connection, account: PublicKey): Promise<bigint | undefined> {
  try {
    return BigInt((await connection.getTokenAccountBalance(account, "confirmed")).value.amount);
  } catch (err) {
    if (err instanceof Error && /could not find account|Invalid param: not a Token account/i.test(err.message)) return 0n;
    return undefined; // the wallet's own preflight will say what is wrong
  }
}

/**
 * The Solana PaymentSender (SPEC §9): send with preflight at `confirmed`, confirm at `processed`.
 * `sendTransaction` is wallet-adapter's, so Wallet Standard wallets sign (and send) it.
 */
export function createSolanaPaymentSender({
  getConnection,
  payer,
  sendTransaction,
}: {
  /** The connection for the payment's chain (its RPC comes from the server's config). */
  getConnection: (chainId: number) => Promise<Connection>;
  payer: PublicKey;
  sendTransaction: SendWithWallet;
}): PaymentSender {
  return {
    async send(info, onSent) {
      const connection = await getConnection(info.chain);
      const mint = new PublicKey(info.tokenAddress);
      const mintAccount = await connection.getAccountInfo(mint, "confirmed");
      if (!mintAccount) throw new Error(`The token ${info.tokenAddress} does not exist on this network.`);
      const tokenProgramId = mintAccount.owner.equals(TOKEN_2022_PROGRAM_ID) ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;

      const needed = BigInt(info.amountWei);
      const [available, lamports] = await Promise.all([
        tokenBalance(connection, payerTokenAccount(payer, mint, tokenProgramId)),
        connection.getBalance(payer, "confirmed").then(BigInt, () => undefined),
      ]);
      if (available !== undefined && available < needed) throw new InsufficientBalanceError("token", available, needed);
      if (lamports !== undefined && lamports < MIN_FEE_LAMPORTS) throw new InsufficientBalanceError("native", lamports, MIN_FEE_LAMPORTS);

      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
      const transaction = buildPaymentTransaction({ payer, info, blockhash, lastValidBlockHeight, tokenProgramId });
      const hash = await sendTransaction(transaction, connection, { preflightCommitment: "confirmed" });
      onSent(hash);
      const confirmation = await connection.confirmTransaction({ signature: hash, blockhash, lastValidBlockHeight }, "processed");
      if (confirmation.value.err) throw new PaymentFailedOnChainError(hash, `The network rejected the transaction: ${JSON.stringify(confirmation.value.err)}`);
      return hash;
    },
  };
}
