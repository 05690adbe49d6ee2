import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Abi, Hex } from "viem";

/** What the sandbox needs from a compiled contract. */
export interface ContractArtifact {
  contractName: string;
  abi: Abi;
  /** Creation bytecode, 0x-prefixed. */
  bytecode: Hex;
  /** solc's full version string, e.g. 0.8.37+commit.f401782d.Emscripten.clang. */
  solcVersion: string;
  /** The cache key the artifact was compiled for. */
  key: string;
}

/** The cache key: SHA-256 over everything that changes the output. */
export function artifactKey(parts: { source: string; sourceName: string; contractName: string; solcVersion: string; settings: unknown; imports?: [string, string][] }): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/**
 * `node_modules/.cache/zpay/solc` of the install that holds `solc` (the usual home of tool
 * caches), else a directory in the OS temp dir when that one cannot be created.
 */
export function defaultCacheDir(): string {
  try {
    const solcPackage = createRequire(import.meta.url).resolve("solc/package.json");
    const dir = path.join(path.dirname(path.dirname(solcPackage)), ".cache", "zpay", "solc");
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return path.join(os.tmpdir(), "zpay-solc-cache");
  }
}

function cacheFile(dir: string, contractName: string, key: string): string {
  return path.join(dir, `${contractName}-${key.slice(0, 24)}.json`);
}

function isArtifact(value: unknown, contractName: string, key: string): value is ContractArtifact {
  const a = value as Partial<ContractArtifact> | null;
  return (
    typeof a === "object" && a !== null &&
    a.key === key &&
    a.contractName === contractName &&
    Array.isArray(a.abi) &&
    typeof a.bytecode === "string" && /^0x(?:[0-9a-f]{2})+$/i.test(a.bytecode) &&
    typeof a.solcVersion === "string"
  );
}

/** The cached artifact for `key`, or undefined when missing, unreadable or not matching. */
export function readCachedArtifact(dir: string, contractName: string, key: string): ContractArtifact | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(cacheFile(dir, contractName, key), "utf8"));
    return isArtifact(parsed, contractName, key) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores an artifact atomically (temp file + rename), so concurrent test workers never read half a
 * file. Returns the path.
 * @throws {Error} from the file system (the caller decides whether a cache write may fail).
 */
export function writeCachedArtifact(dir: string, artifact: ContractArtifact): string {
  mkdirSync(dir, { recursive: true });
  const file = cacheFile(dir, artifact.contractName, artifact.key);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(artifact));
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  return file;
}
