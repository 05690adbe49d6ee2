import { generateKeyPairSync, randomBytes } from "node:crypto";
import bs58 from "bs58";

/** The EVM fee proxy's payment reference: 8 random bytes. */
const EVM_REFERENCE_BYTES = 8;

/**
 * A fresh ed25519 public key, base58: a Solana transfer carries it as a read-only account, so the
 * watcher finds the transfer by listing that address. Node's native ed25519 makes it in about
 * 50 µs; web3.js's `Keypair.generate()` took about 2 ms of JavaScript per payment start.
 */
export function newSolanaReference(): string {
  const spki = generateKeyPairSync("ed25519").publicKey.export({ format: "der", type: "spki" });
  return bs58.encode(spki.subarray(spki.length - 32));
}

/** The EVM fee proxy's payment reference: 8 random bytes as 0x-hex. */
export const newEvmReference = (): string => `0x${randomBytes(EVM_REFERENCE_BYTES).toString("hex")}`;
