/**
 * The message a merchant's connected wallet signs to prove it holds the receiving address it is
 * attaching (EVM `personal_sign`, Solana `signMessage`). It names the site, the merchant, the
 * address, the chain and a server-issued single-use nonce, so a signature made for one merchant,
 * address, chain or moment is worth nothing for another. The server builds it when it issues the
 * nonce and checks the signature against exactly that text.
 */
export interface WalletProofFields {
  /** Host (and port) of the merchant app. */
  domain: string;
  /** Origin of the merchant app. */
  uri: string;
  /** The merchant's id. */
  merchantId: string;
  address: string;
  /** SPEC §3 chain id. */
  chainId: number;
  chainName: string;
  nonce: string;
  /** ISO time the nonce was issued. */
  issuedAt: string;
  /** ISO time after which the nonce is refused. */
  expiresAt: string;
}

export function buildWalletProofMessage(f: WalletProofFields): string {
  return [
    `${f.domain} asks you to confirm that you own this wallet, so that payments to merchant ${f.merchantId} on ${f.chainName} are sent to it.`,
    "This request will not trigger a blockchain transaction or cost any fees.",
    "",
    `URI: ${f.uri}`,
    `Merchant: ${f.merchantId}`,
    `Address: ${f.address}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    `Expiration Time: ${f.expiresAt}`,
  ].join("\n");
}

/** What POST /api/wallet/networks/proof answers: the text to sign and its nonce. */
export interface WalletProofChallenge {
  nonce: string;
  message: string;
  expiresAt: string;
}

/** The proof a connected wallet sends with the address: the nonce it signed for and its signature. */
export interface WalletProof {
  nonce: string;
  /** EVM: the 0x-hex `personal_sign` signature. Solana: base58 of the 64-byte ed25519 signature. */
  signature: string;
}
