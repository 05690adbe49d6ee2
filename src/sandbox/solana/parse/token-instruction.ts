import { DataReader, ParseError, accountAt } from "./data-reader";
import type { ParsedInfo } from "./system-instruction";
import { uiTokenAmount } from "./token-layout";

const AUTHORITY_TYPES = ["mintTokens", "freezeAccount", "accountOwner", "closeAccount"] as const;

/**
 * agave's parse_signers: the account at `lastNonSigner` is the authority, unless more accounts
 * follow, in which case it is a multisig and the rest are its signers. This is also how a
 * Solana Pay reference key appended to a transfer shows up: as `multisigAuthority` + `signers`.
 */
function withSigners(info: Record<string, unknown>, accounts: readonly string[], lastNonSigner: number, single: string, multi: string): Record<string, unknown> {
  const authority = accountAt(accounts, lastNonSigner);
  if (accounts.length > lastNonSigner + 1) {
    info[multi] = authority;
    info.signers = accounts.slice(lastNonSigner + 1);
  } else {
    info[single] = authority;
  }
  return info;
}

/**
 * SPL Token (and the Token-2022 instructions it shares) as agave's parse_token reports them:
 * amounts as strings, *Checked amounts as UiTokenAmount objects.
 * @throws {ParseError} for instructions it does not know or whose data/accounts do not fit.
 */
export function parseTokenInstruction(data: Uint8Array, accounts: readonly string[]): ParsedInfo {
  const r = new DataReader(data);
  const a = (i: number) => accountAt(accounts, i);
  const tag = r.u8();
  switch (tag) {
    case 0: {
      const decimals = r.u8();
      const mintAuthority = r.pubkey();
      const freeze = r.optionalPubkey();
      const info: Record<string, unknown> = { mint: a(0), decimals, mintAuthority, rentSysvar: a(1) };
      if (freeze) info.freezeAuthority = freeze;
      return { type: "initializeMint", info };
    }
    case 1:
      return { type: "initializeAccount", info: { account: a(0), mint: a(1), owner: a(2), rentSysvar: a(3) } };
    case 2:
      return { type: "initializeMultisig", info: { multisig: a(0), rentSysvar: a(1), signers: accounts.slice(2), m: r.u8() } };
    case 3:
      return { type: "transfer", info: withSigners({ source: a(0), destination: a(1), amount: r.u64().toString() }, accounts, 2, "authority", "multisigAuthority") };
    case 4:
      return { type: "approve", info: withSigners({ source: a(0), delegate: a(1), amount: r.u64().toString() }, accounts, 2, "owner", "multisigOwner") };
    case 5:
      return { type: "revoke", info: withSigners({ source: a(0) }, accounts, 1, "owner", "multisigOwner") };
    case 6: {
      const authorityType = AUTHORITY_TYPES[r.u8()];
      if (!authorityType) throw new ParseError("unknown authority type");
      const owned = authorityType === "mintTokens" || authorityType === "freezeAccount" ? "mint" : "account";
      const info = { [owned]: a(0), authorityType, newAuthority: r.optionalPubkey() };
      return { type: "setAuthority", info: withSigners(info, accounts, 1, "authority", "multisigAuthority") };
    }
    case 7:
      return { type: "mintTo", info: withSigners({ mint: a(0), account: a(1), amount: r.u64().toString() }, accounts, 2, "mintAuthority", "multisigMintAuthority") };
    case 8:
      return { type: "burn", info: withSigners({ account: a(0), mint: a(1), amount: r.u64().toString() }, accounts, 2, "authority", "multisigAuthority") };
    case 9:
      return { type: "closeAccount", info: withSigners({ account: a(0), destination: a(1) }, accounts, 2, "owner", "multisigOwner") };
    case 10:
    case 11:
      return {
        type: tag === 10 ? "freezeAccount" : "thawAccount",
        info: withSigners({ account: a(0), mint: a(1) }, accounts, 2, "freezeAuthority", "multisigFreezeAuthority"),
      };
    case 12: {
      const amount = r.u64();
      const info = { source: a(0), mint: a(1), destination: a(2), tokenAmount: uiTokenAmount(amount, r.u8()) };
      return { type: "transferChecked", info: withSigners(info, accounts, 3, "authority", "multisigAuthority") };
    }
    case 13: {
      const amount = r.u64();
      const info = { source: a(0), mint: a(1), delegate: a(2), tokenAmount: uiTokenAmount(amount, r.u8()) };
      return { type: "approveChecked", info: withSigners(info, accounts, 3, "owner", "multisigOwner") };
    }
    case 14: {
      const amount = r.u64();
      const info = { mint: a(0), account: a(1), tokenAmount: uiTokenAmount(amount, r.u8()) };
      return { type: "mintToChecked", info: withSigners(info, accounts, 2, "mintAuthority", "multisigMintAuthority") };
    }
    case 15: {
      const amount = r.u64();
      const info = { account: a(0), mint: a(1), tokenAmount: uiTokenAmount(amount, r.u8()) };
      return { type: "burnChecked", info: withSigners(info, accounts, 2, "authority", "multisigAuthority") };
    }
    case 16:
      return { type: "initializeAccount2", info: { account: a(0), mint: a(1), owner: r.pubkey(), rentSysvar: a(2) } };
    case 17:
      return { type: "syncNative", info: { account: a(0) } };
    case 18:
      return { type: "initializeAccount3", info: { account: a(0), mint: a(1), owner: r.pubkey() } };
    case 19:
      return { type: "initializeMultisig2", info: { multisig: a(0), signers: accounts.slice(1), m: r.u8() } };
    case 20: {
      const decimals = r.u8();
      const mintAuthority = r.pubkey();
      const freeze = r.optionalPubkey();
      const info: Record<string, unknown> = { mint: a(0), decimals, mintAuthority };
      if (freeze) info.freezeAuthority = freeze;
      return { type: "initializeMint2", info };
    }
    case 21:
      return { type: "getAccountDataSize", info: { mint: a(0) } };
    case 22:
      return { type: "initializeImmutableOwner", info: { account: a(0) } };
    case 23:
      return { type: "amountToUiAmount", info: { mint: a(0), amount: r.u64().toString() } };
    case 24:
      return { type: "uiAmountToAmount", info: { mint: a(0), uiAmount: new TextDecoder("utf-8", { fatal: true }).decode(r.rest()) } };
    default:
      throw new ParseError(`token instruction ${tag} is not parsed here`);
  }
}
