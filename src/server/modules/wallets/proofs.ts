import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { chainById } from "@/lib/chains";
import { familyNameOf, familyOfChain } from "../../chains/families";
import { PROOF_MESSAGES } from "@/lib/wallet-messages";
import { buildWalletProofMessage, type WalletProof, type WalletProofChallenge } from "@/lib/wallet-proof";
import type { Db } from "../../db/client";
import { walletProofNonces } from "../../db/schema";
import { ApiError } from "../../http/errors";

/** How long a wallet has to sign a proof challenge. */
export const WALLET_PROOF_TTL_MS = 5 * 60 * 1000;

/** Proof failures answer 422: the session is fine (a 401/403 would log the merchant out, SPEC §8). */
const refused = (code: string, message: string) => new ApiError(422, code, message, [{ path: "proof", message }]);

/**
 * Issues a single-use challenge for the merchant's wallet at `address` (already normalised and
 * checked) on `chainId`, and forgets expired ones.
 */
export async function issueWalletProof(
  db: Db,
  input: { userId: string; chainId: number; address: string; site: { domain: string; uri: string } },
  now = new Date(),
): Promise<WalletProofChallenge> {
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = new Date(now.getTime() + WALLET_PROOF_TTL_MS);
  const message = buildWalletProofMessage({
    ...input.site,
    merchantId: input.userId,
    address: input.address,
    chainId: input.chainId,
    chainName: chainById(input.chainId)?.name ?? `Chain ${input.chainId}`,
    nonce,
    issuedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  await db.delete(walletProofNonces).where(lt(walletProofNonces.expiresAt, now));
  await db.insert(walletProofNonces).values({ nonce, userId: input.userId, chainId: input.chainId, address: input.address, message, expiresAt, createdAt: now });
  return { nonce, message, expiresAt: expiresAt.toISOString() };
}

/** Whether `signature` over `message` was made by the key behind `address`, as `chainId`'s family checks it. */
async function signatureMatches(chainId: number, address: string, message: string, signature: string): Promise<boolean> {
  const family = familyOfChain(chainId);
  return family !== undefined && (await family.verifySignature(address, message, signature));
}

/**
 * Checks a connected wallet's proof for the merchant attaching `address` on `chainId`: a nonce we
 * issued to this merchant, unexpired, for this very address and a chain of the same family, and
 * a signature of its message by that address's key. Does not use the nonce up: call
 * `consumeWalletProof` in the transaction that stores the wallet.
 * @throws {ApiError} 422 proof_required, proof_nonce_used, proof_expired, proof_mismatch, invalid_signature.
 */
export async function checkWalletProof(
  db: Db,
  input: { userId: string; chainId: number; address: string; proof: WalletProof | undefined },
  now = new Date(),
): Promise<void> {
  const { proof } = input;
  if (!proof) throw refused("proof_required", PROOF_MESSAGES.required);
  const [row] = await db
    .select()
    .from(walletProofNonces)
    .where(and(eq(walletProofNonces.nonce, proof.nonce), eq(walletProofNonces.userId, input.userId)));
  if (!row) throw refused("proof_nonce_used", PROOF_MESSAGES.used);
  if (row.expiresAt <= now) throw refused("proof_expired", PROOF_MESSAGES.expired);
  if (row.address !== input.address || familyNameOf(row.chainId) !== familyNameOf(input.chainId)) {
    throw refused("proof_mismatch", PROOF_MESSAGES.mismatch);
  }
  if (!(await signatureMatches(row.chainId, row.address, row.message, proof.signature))) {
    throw refused("invalid_signature", PROOF_MESSAGES.badSignature);
  }
}

/** The database or the attaching transaction (PGlite: never the outer `db` inside one). */
type Tx = Pick<Db, "delete">;

/**
 * Uses up a checked proof's nonce inside the transaction that stores the wallet. The single
 * DELETE … RETURNING makes it single-use: of two requests racing with one signature, one wins.
 * @throws {ApiError} 422 proof_nonce_used.
 */
export async function consumeWalletProof(tx: Tx, userId: string, nonce: string): Promise<void> {
  const [row] = await tx
    .delete(walletProofNonces)
    .where(and(eq(walletProofNonces.nonce, nonce), eq(walletProofNonces.userId, userId)))
    .returning({ nonce: walletProofNonces.nonce });
  if (!row) throw refused("proof_nonce_used", PROOF_MESSAGES.used);
}
