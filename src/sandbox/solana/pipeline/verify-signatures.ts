import { createPublicKey, verify, type KeyObject } from "node:crypto";
import bs58 from "bs58";
import type { DecodedTransaction } from "../parse/decode-transaction";

// Ed25519 keys in Node's form, cached: payers sign many transactions.
const keyCache = new Map<string, KeyObject>();
const KEY_CACHE_LIMIT = 10_000;

function publicKey(address: string): KeyObject {
  let key = keyCache.get(address);
  if (!key) {
    key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(bs58.decode(address)).toString("base64url") }, format: "jwk" });
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
    keyCache.set(address, key);
  }
  return key;
}

/** Whether every required signature verifies against the message (Node's native Ed25519). */
export function verifySignatures(tx: DecodedTransaction): boolean {
  return tx.signatures.every((signature, i) => {
    try {
      return verify(null, tx.message.bytes, publicKey(tx.message.staticKeys[i]!), signature);
    } catch {
      return false; // not a valid curve point
    }
  });
}
