import { createPublicKey, verify } from "node:crypto";
import bs58 from "bs58";

/** A Solana address decoded to its 32 raw ed25519 public-key bytes, or null when malformed. */
export function decodeSolanaPublicKey(address: string): Uint8Array | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return null;
  try {
    const bytes = bs58.decode(address);
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}

/** Verifies an ed25519 signature of `message` (UTF-8) by the raw 32-byte public key. */
export function verifyEd25519(publicKey: Uint8Array, message: string, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  try {
    const key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
      format: "jwk",
    });
    return verify(null, Buffer.from(message, "utf8"), key, signature);
  } catch {
    // A 32-byte string that is not a point on the curve.
    return false;
  }
}

/** Whether the base58 `signature` over `message` was made by the Solana address's key; false for malformed input. */
export function verifySolanaSignature(address: string, message: string, signature: string): boolean {
  const key = decodeSolanaPublicKey(address);
  if (!key) return false;
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(signature);
  } catch {
    return false;
  }
  return verifyEd25519(key, message, bytes);
}
