// web3.js needs Buffer before it loads; this module is loaded only when a merchant sends a refund.
import "@/lib/polyfills";
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { Connection, PublicKey, Transaction } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { RefundInstructionDto } from "@/lib/refund";
import { defaultClusterUrl } from "@/components/pay/solana/connection";
import { buildPaymentTransaction } from "@/components/pay/solana/build-payment-transaction";

type ConnectFeature = { connect: (input?: { silent?: boolean }) => Promise<{ accounts: readonly WalletAccount[] }> };
type SignTransactionFeature = {
  signTransaction: (...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]) => Promise<{ signedTransaction: Uint8Array }[]>;
};

/** The merchant's wallet holds no such key: the refund must be signed by the receiving wallet. */
export class RefundWalletError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefundWalletError";
  }
}

/** The browser's Solana wallet that can sign for `address` (connecting each until one holds it). */
async function walletFor(address: string): Promise<{ wallet: Wallet; account: WalletAccount }> {
  const candidates = getWallets()
    .get()
    .filter((w) => "standard:connect" in w.features && "solana:signTransaction" in w.features);
  if (candidates.length === 0) throw new RefundWalletError("No Solana wallet found in this browser.");
  for (const wallet of candidates) {
    const known = wallet.accounts.find((a) => a.address === address);
    if (known) return { wallet, account: known };
    const { accounts } = await (wallet.features["standard:connect"] as ConnectFeature).connect();
    const account = accounts.find((a) => a.address === address);
    if (account) return { wallet, account };
  }
  throw new RefundWalletError(`Connect the wallet ${address}: the refund leaves from it.`);
}

/**
 * Sends a Solana refund from the merchant's connected wallet (SPEC §9 Solana: preflight at
 * confirmed, confirmation at processed): the SPL transfer from the merchant's token account to the
 * payer's, with the refund's reference key on the transfer and its memo, built as the pay page
 * builds a payment (the merchant is the payer here, and opens the payer's token account if it is
 * gone). The wallet signs; this sends. Answers the signature.
 */
export async function sendSolanaRefund(refund: RefundInstructionDto, rpc: { rpcUrl?: string; wsUrl?: string }): Promise<string> {
  if (!refund.from) throw new RefundWalletError("The receiving wallet of this payment is not known.");
  const { wallet, account } = await walletFor(refund.from);
  const connection = new Connection(rpc.rpcUrl ?? defaultClusterUrl(refund.chain), { commitment: "processed", wsEndpoint: rpc.wsUrl });
  const mint = new PublicKey(refund.tokenAddress);
  const mintAccount = await connection.getAccountInfo(mint, "confirmed");
  const tokenProgramId = mintAccount?.owner.equals(TOKEN_2022_PROGRAM_ID) ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
  const transaction: Transaction = buildPaymentTransaction({
    payer: new PublicKey(refund.from),
    info: {
      address: refund.destinationTokenAccount,
      tokenAddress: refund.tokenAddress,
      amountWei: refund.amount,
      decimals: refund.decimals,
      reference: refund.reference,
      memo: refund.memo,
      recipient: refund.to,
      createRecipientAccount: true,
    },
    blockhash,
    lastValidBlockHeight,
    tokenProgramId,
  });
  const [signed] = await (wallet.features["solana:signTransaction"] as SignTransactionFeature).signTransaction({
    account,
    transaction: new Uint8Array(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })),
  });
  const signature = await connection.sendRawTransaction(signed!.signedTransaction, { preflightCommitment: "confirmed" });
  const confirmation = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "processed");
  if (confirmation.value.err) throw new Error(`The network rejected the refund: ${JSON.stringify(confirmation.value.err)}`);
  return signature;
}
