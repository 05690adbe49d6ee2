import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The bundled list, shipped with the code; operators refresh it with `npm run sanctions:refresh`. */
export const BUNDLED_LIST = path.join(path.dirname(fileURLToPath(import.meta.url)), "sanctioned-addresses.json");

export interface SanctionsListFile {
  /** Where the operator's source came from and when it was imported. */
  source: string;
  updatedAt: string;
  addresses: string[];
}

/**
 * EVM addresses compare case-insensitively (checksums are only a spelling); Solana and other
 * base58 addresses are case-sensitive and kept as they are.
 */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  return /^0x[0-9a-fA-F]{40}$/.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/**
 * Parses an operator's source file: one address per line, or a CSV whose cells hold addresses
 * (anything shaped like an EVM or base58 address is taken; comments after `#` are ignored).
 */
export function parseSanctionsSource(text: string): string[] {
  const found = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const content = line.split("#")[0] ?? "";
    for (const cell of content.split(/[,;\t ]+/)) {
      const value = cell.trim().replace(/^"|"$/g, "");
      if (/^0x[0-9a-fA-F]{40}$/.test(value) || /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) found.add(normalizeAddress(value));
    }
  }
  return [...found].sort();
}

/**
 * A list that re-reads its file when the file changes. Which file and its mtime are checked on
 * every question (two stat calls, microseconds): an operator's refresh takes effect at once.
 */
export class SanctionsList {
  private addresses = new Set<string>();
  private loadedFile: string | undefined;
  private loadedMtime = -1;

  constructor(private readonly files: () => string[]) {}

  /** The first existing file wins: the operator's refreshed copy, then the bundled one. */
  private current(): string | undefined {
    return this.files().find((f) => fs.existsSync(f));
  }

  private refresh() {
    const file = this.current();
    if (!file) throw new Error("No sanctions list file found");
    const mtime = fs.statSync(file).mtimeMs;
    if (file === this.loadedFile && mtime === this.loadedMtime) return;
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as SanctionsListFile;
    this.addresses = new Set(parsed.addresses.map(normalizeAddress));
    this.loadedFile = file;
    this.loadedMtime = mtime;
  }

  /**
   * @throws Error when no list can be read: the caller must treat that as "cannot check", never as "passed".
   */
  isSanctioned(address: string): boolean {
    this.refresh();
    return this.addresses.has(normalizeAddress(address));
  }
}

/** The operator's refreshed copy inside the data directory. */
export const refreshedListPath = (dataDir: string) => path.join(dataDir, "sanctions.json");
