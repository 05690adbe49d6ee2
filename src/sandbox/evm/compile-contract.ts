import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Logger } from "pino";
import type { Abi, Hex } from "viem";
import { artifactKey, defaultCacheDir, readCachedArtifact, writeCachedArtifact, type ContractArtifact } from "./artifact-cache";
import { EvmSandboxError } from "./errors";

/** Compiler settings, pinned: the EVM version matters as much as the compiler's. */
export const SOLC_SETTINGS = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
} as const;

export interface CompileOptions {
  /** Where compiled artifacts are cached; `false` always compiles. Default: see `defaultCacheDir`. */
  cacheDir?: string | false;
  log?: Logger;
}

export interface CompileResult {
  artifact: ContractArtifact;
  fromCache: boolean;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** The `solc` package's version, read without loading the 9 MB compiler. */
function solcPackageVersion(): string {
  return (createRequire(import.meta.url)("solc/package.json") as { version: string }).version;
}

/**
 * Compiles `contractName` from the Solidity file at `sourcePath` (no imports) with solc-js and
 * `SOLC_SETTINGS`. Loading and running solc-js takes about a second, so the artifact is cached on
 * disk under a SHA-256 of the source, its file name, the solc version and the settings; a miss
 * (or an unreadable cache entry) compiles from source again. A failed cache write is logged, not
 * thrown.
 * @throws {EvmSandboxError} when the source cannot be read, solc reports an error, or the
 *   contract is not in the output.
 */
export async function compileContract(sourcePath: string, contractName: string, options: CompileOptions = {}): Promise<CompileResult> {
  const { log } = options;
  let source: string;
  try {
    source = readFileSync(sourcePath, "utf8");
  } catch (cause) {
    throw new EvmSandboxError(`cannot read contract source ${sourcePath}`, { cause });
  }
  // The bare file name, not the path: the bytecode's metadata hash then does not depend on the checkout location.
  const sourceName = path.basename(sourcePath);
  const key = artifactKey({ source, sourceName, contractName, solcVersion: solcPackageVersion(), settings: SOLC_SETTINGS });
  const cacheDir = options.cacheDir === false ? undefined : (options.cacheDir ?? defaultCacheDir());

  if (cacheDir) {
    const cached = readCachedArtifact(cacheDir, contractName, key);
    if (cached) return { artifact: cached, fromCache: true };
  }

  const { default: solc } = await import("solc");
  const input = { language: "Solidity", sources: { [sourceName]: { content: source } }, settings: SOLC_SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new EvmSandboxError(`solc could not compile ${sourceName}:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  }
  const compiled = output.contracts?.[sourceName]?.[contractName];
  if (!compiled?.evm.bytecode.object) throw new EvmSandboxError(`${contractName} is not in ${sourceName}'s solc output`);
  const artifact: ContractArtifact = {
    contractName,
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}` as Hex,
    solcVersion: solc.version() as string,
    key,
  };
  if (cacheDir) {
    try {
      writeCachedArtifact(cacheDir, artifact);
    } catch (error) {
      log?.warn({ err: error, cacheDir }, "could not cache the compiled contract");
    }
  }
  return { artifact, fromCache: false };
}
