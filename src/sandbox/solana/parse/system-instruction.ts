import { DataReader, ParseError, accountAt } from "./data-reader";

export interface ParsedInfo {
  type: string;
  info: Record<string, unknown>;
}

/**
 * System program instructions as agave's parse_system reports them (lamports and space as JSON
 * numbers, account roles by name).
 * @throws {ParseError} when the data or accounts do not fit the instruction.
 */
export function parseSystemInstruction(data: Uint8Array, accounts: readonly string[]): ParsedInfo {
  const r = new DataReader(data);
  const a = (i: number) => accountAt(accounts, i);
  const tag = r.u32();
  switch (tag) {
    case 0: {
      const lamports = Number(r.u64());
      const space = Number(r.u64());
      return { type: "createAccount", info: { source: a(0), newAccount: a(1), lamports, space, owner: r.pubkey() } };
    }
    case 1:
      return { type: "assign", info: { account: a(0), owner: r.pubkey() } };
    case 2:
      return { type: "transfer", info: { source: a(0), destination: a(1), lamports: Number(r.u64()) } };
    case 3: {
      const base = r.pubkey();
      const seed = r.string();
      const lamports = Number(r.u64());
      const space = Number(r.u64());
      return { type: "createAccountWithSeed", info: { source: a(0), newAccount: a(1), base, seed, lamports, space, owner: r.pubkey() } };
    }
    case 4:
      return { type: "advanceNonce", info: { nonceAccount: a(0), recentBlockhashesSysvar: a(1), nonceAuthority: a(2) } };
    case 5:
      return {
        type: "withdrawFromNonce",
        info: { nonceAccount: a(0), destination: a(1), recentBlockhashesSysvar: a(2), rentSysvar: a(3), nonceAuthority: a(4), lamports: Number(r.u64()) },
      };
    case 6:
      return { type: "initializeNonce", info: { nonceAccount: a(0), recentBlockhashesSysvar: a(1), rentSysvar: a(2), nonceAuthority: r.pubkey() } };
    case 7:
      return { type: "authorizeNonce", info: { nonceAccount: a(0), nonceAuthority: a(1), newAuthorized: r.pubkey() } };
    case 8:
      return { type: "allocate", info: { account: a(0), space: Number(r.u64()) } };
    case 9: {
      const base = r.pubkey();
      const seed = r.string();
      const space = Number(r.u64());
      return { type: "allocateWithSeed", info: { account: a(0), base, seed, space, owner: r.pubkey() } };
    }
    case 10: {
      const base = r.pubkey();
      const seed = r.string();
      return { type: "assignWithSeed", info: { account: a(0), base, seed, owner: r.pubkey() } };
    }
    case 11: {
      const lamports = Number(r.u64());
      const sourceSeed = r.string();
      return { type: "transferWithSeed", info: { source: a(0), sourceBase: a(1), destination: a(2), lamports, sourceSeed, sourceOwner: r.pubkey() } };
    }
    case 12:
      return { type: "upgradeNonce", info: { nonceAccount: a(0) } };
    default:
      throw new ParseError(`unknown system instruction ${tag}`);
  }
}
