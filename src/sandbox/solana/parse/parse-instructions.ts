import { base58 } from "./base58";
import { PROGRAM_IDS } from "../keys";
import { parseAssociatedTokenInstruction } from "./associated-token-instruction";
import { ParseError } from "./data-reader";
import { parseSystemInstruction, type ParsedInfo } from "./system-instruction";
import { parseTokenInstruction } from "./token-instruction";

/** One instruction in jsonParsed form: parsed when the program is known, else "partially decoded". */
export type UiInstruction =
  | { program: string; programId: string; parsed: ParsedInfo | string; stackHeight: number | null }
  | { programId: string; accounts: string[]; data: string; stackHeight: number | null };

type Parser = (data: Uint8Array, accounts: readonly string[]) => ParsedInfo | string;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Memo data is shown as the text itself; invalid UTF-8 is left undecoded, as agave does. */
const parseMemo: Parser = (data) => {
  try {
    return utf8.decode(data);
  } catch {
    throw new ParseError("memo is not UTF-8");
  }
};

/** Program id → agave's program name and parser. Compute Budget is not parsed by agave either. */
const PARSERS: Record<string, { program: string; parse: Parser }> = {
  [PROGRAM_IDS.system]: { program: "system", parse: parseSystemInstruction },
  [PROGRAM_IDS.token]: { program: "spl-token", parse: parseTokenInstruction },
  [PROGRAM_IDS.token2022]: { program: "spl-token-2022", parse: parseTokenInstruction },
  [PROGRAM_IDS.associatedToken]: { program: "spl-associated-token-account", parse: parseAssociatedTokenInstruction },
  [PROGRAM_IDS.memo]: { program: "spl-memo", parse: parseMemo },
  [PROGRAM_IDS.memoV1]: { program: "spl-memo", parse: parseMemo },
};

/** jsonParsed form of one compiled instruction, keys already resolved to addresses. */
export function parseInstruction(programId: string, accounts: string[], data: Uint8Array, stackHeight: number | null): UiInstruction {
  const parser = PARSERS[programId];
  if (parser) {
    try {
      return { program: parser.program, programId, parsed: parser.parse(data, accounts), stackHeight };
    } catch {
      // Data that does not fit the layout (agave's parse error): shown undecoded, as a node does.
    }
  }
  return { programId, accounts, data: base58(data), stackHeight };
}

/** getSignaturesForAddress's `memo` field: each memo as "[len] text", joined by "; " (agave's format). */
export function formatMemos(memos: Uint8Array[]): string | null {
  if (memos.length === 0) return null;
  return memos.map((m) => `[${m.length}] ${new TextDecoder().decode(m)}`).join("; ");
}
