import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import bs58 from "bs58";

export interface TestSolanaKey {
  address: string;
  sign(message: string): number[];
}

/** A fresh ed25519 key as a Solana wallet would hold it: base58 address, signs UTF-8 messages. */
export function newSolanaKey(): TestSolanaKey {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
  return { address: bs58.encode(raw), sign: (message) => signWith(privateKey, message) };
}

function signWith(key: KeyObject, message: string): number[] {
  return Array.from(sign(null, Buffer.from(message, "utf8"), key));
}
