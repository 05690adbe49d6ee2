import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import { PublicKey, SystemProgram, Transaction, TransactionInstruction, type Keypair } from "@solana/web3.js";
import { FAUCET_GENESIS_LAMPORTS, SANDBOX_TOKEN_DECIMALS } from "./constants";
import { PROGRAM_IDS, SANDBOX_KEYPAIRS } from "./keys";
import type { SolanaNetwork } from "./network";
import { submitTransaction } from "./pipeline/submit";

export type SandboxMint = "USDC" | "USDT";

/** A faucet request the sandbox cannot serve (bad address, foreign mint, dropped transaction). */
export class SolanaSandboxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SolanaSandboxError";
  }
}

function publicKey(address: string): PublicKey {
  try {
    return new PublicKey(address);
  } catch {
    throw new SolanaSandboxError(`Not a Solana address: ${address}`);
  }
}

/**
 * The genesis faucet: a keypair funded at genesis that pays airdrops and fees, plus the mint
 * authority of test USDC/USDT. Everything it does after genesis is a real signed transaction
 * through the same pipeline as clients' (so it is recorded, indexed and visible in explorers).
 */
export class Faucet {
  readonly mints: Record<SandboxMint, string> = {
    USDC: SANDBOX_KEYPAIRS.USDC.publicKey.toBase58(),
    USDT: SANDBOX_KEYPAIRS.USDT.publicKey.toBase58(),
  };
  private readonly payer = SANDBOX_KEYPAIRS.faucet;
  private serial = 0;

  constructor(private readonly net: SolanaNetwork) {}

  /** Funds the faucet (a genesis account) and creates the test mints in recorded transactions. */
  genesis(): void {
    this.net.bank.setAccount(this.payer.publicKey.toBase58(), { lamports: FAUCET_GENESIS_LAMPORTS, owner: PROGRAM_IDS.system, executable: false, data: new Uint8Array() });
    const rent = Number(this.net.bank.rentExemptMinimum(MINT_SIZE));
    for (const symbol of ["USDC", "USDT"] as const) {
      const mint = SANDBOX_KEYPAIRS[symbol];
      this.send(
        [
          SystemProgram.createAccount({ fromPubkey: this.payer.publicKey, newAccountPubkey: mint.publicKey, lamports: rent, space: MINT_SIZE, programId: TOKEN_PROGRAM_ID }),
          createInitializeMint2Instruction(mint.publicKey, SANDBOX_TOKEN_DECIMALS, SANDBOX_KEYPAIRS.mintAuthority.publicKey, null),
        ],
        [mint],
        false,
      );
    }
  }

  /** A system transfer from the faucet (requestAirdrop). Returns once it has landed (processed). */
  airdrop(address: string, lamports: bigint): string {
    const to = publicKey(address);
    return this.send([SystemProgram.transfer({ fromPubkey: this.payer.publicKey, toPubkey: to, lamports })], []);
  }

  /** Creates `owner`'s associated token account if missing and mints `amount` base units to it. */
  mintTokens(owner: string, mint: string, amount: bigint): string {
    const symbol = (Object.keys(this.mints) as SandboxMint[]).find((s) => this.mints[s] === mint);
    if (!symbol) throw new SolanaSandboxError(`${mint} is not a sandbox mint (${Object.values(this.mints).join(", ")})`);
    const mintKey = SANDBOX_KEYPAIRS[symbol].publicKey;
    const ownerKey = publicKey(owner);
    const ata = getAssociatedTokenAddressSync(mintKey, ownerKey, true);
    return this.send(
      [
        createAssociatedTokenAccountIdempotentInstruction(this.payer.publicKey, ata, ownerKey, mintKey),
        createMintToCheckedInstruction(mintKey, ata, SANDBOX_KEYPAIRS.mintAuthority.publicKey, amount, SANDBOX_TOKEN_DECIMALS),
      ],
      [SANDBOX_KEYPAIRS.mintAuthority],
    );
  }

  /**
   * Signs with the faucet (+ `signers`) on the newest blockhash and submits with a preflight at
   * processed, so a failure throws here. A memo with a serial number keeps two identical grants
   * in one slot from having the same signature (which the network would drop as a duplicate).
   */
  private send(instructions: TransactionInstruction[], signers: Keypair[], numbered = true): string {
    const blockhash = this.net.blockhashes.at(this.net.tip);
    if (!blockhash) throw new SolanaSandboxError("no blockhash for the current slot");
    const tx = new Transaction({ feePayer: this.payer.publicKey, blockhash, lastValidBlockHeight: this.net.blockhashes.lastValidBlockHeight(this.net.tip) }).add(...instructions);
    if (numbered) tx.add(new TransactionInstruction({ programId: new PublicKey(PROGRAM_IDS.memo), keys: [], data: Buffer.from(`zpay sandbox faucet #${++this.serial}`) }));
    tx.sign(this.payer, ...signers);
    const signature = submitTransaction(this.net, tx.serialize(), { skipPreflight: false, preflightCommitment: "processed" });
    if (!this.net.recorder.get(signature)) throw new SolanaSandboxError(`faucet transaction ${signature} was dropped`);
    return signature;
  }
}
