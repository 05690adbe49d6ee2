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

/** Finds a Solidity import: `@scope/pkg/...` from node_modules, anything else next to the compiled file. */
function importResolver(sourceDir: string) {
  const require = createRequire(import.meta.url);
  return (unitName: string): string => (unitName.startsWith("@") ? require.resolve(unitName) : path.join(sourceDir, unitName));
}

const IMPORT_PATTERN = /^\s*import\s+(?:[^"';]*\s+from\s+)?["']([^"']+)["']/gm;

/** solc's unit name for `imported` as written in `importer`: relative paths join the importer's directory. */
function unitNameOf(importer: string, imported: string): string {
  return imported.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(importer), imported)) : imported;
}

/**
 * Every file `source` imports, transitively, as unit name → content: part of the cache key (a new
 * OpenZeppelin release or an edited sibling contract must not be served stale) and handed to solc's
 * import callback. Empty for a source without imports, so its cache key stays what it was.
 * @throws {EvmSandboxError} when an import cannot be read.
 */
function collectImports(sourceName: string, source: string, resolve: (unitName: string) => string): Map<string, string> {
  const found = new Map<string, string>();
  const pending: [string, string][] = [[sourceName, source]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [importer, content] = next;
    for (const match of content.matchAll(IMPORT_PATTERN)) {
      const unitName = unitNameOf(importer, match[1]);
      if (found.has(unitName) || unitName === sourceName) continue;
      let imported: string;
      try {
        imported = readFileSync(resolve(unitName), "utf8");
      } catch (cause) {
        throw new EvmSandboxError(`cannot read ${unitName}, imported by ${importer}`, { cause });
      }
      found.set(unitName, imported);
      pending.push([unitName, imported]);
    }
  }
  return found;
}

/** The `solc` package's version, read without loading the 9 MB compiler. */
function solcPackageVersion(): string {
  return (createRequire(import.meta.url)("solc/package.json") as { version: string }).version;
}

/**
 * Compiles `contractName` from the Solidity file at `sourcePath` with solc-js and `SOLC_SETTINGS`.
 * Imports resolve `@openzeppelin/...` (any `@scope/package`) from node_modules and other paths
 * from the source's directory. Loading and running solc-js takes about a second, so the artifact is cached on
 * disk under a SHA-256 of the source, every file it imports, its file name, the solc version and the settings; a miss
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
  const imports = collectImports(sourceName, source, importResolver(path.dirname(sourcePath)));
  const key = artifactKey({
    source,
    sourceName,
    contractName,
    solcVersion: solcPackageVersion(),
    settings: SOLC_SETTINGS,
    ...(imports.size > 0 && { imports: [...imports].sort(([a], [b]) => a.localeCompare(b)) }),
  });
  const cacheDir = options.cacheDir === false ? undefined : (options.cacheDir ?? defaultCacheDir());

  if (cacheDir) {
    const cached = readCachedArtifact(cacheDir, contractName, key);
    if (cached) return { artifact: cached, fromCache: true };
  }

  const { default: solc } = await import("solc");
  const input = { language: "Solidity", sources: { [sourceName]: { content: source } }, settings: SOLC_SETTINGS };
  // The callback serves what collectImports read, so the compiled sources are exactly the keyed ones.
  const findImports = (unitName: string) => {
    const content = imports.get(unitName);
    return content === undefined ? { error: `${unitName} not found` } : { contents: content };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }) as string) as SolcOutput;
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
