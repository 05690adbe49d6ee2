import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { isAddress, type Abi, type Address, type Hex } from "viem";
import { EvmChainError } from "./errors";

/**
 * Request Network's ERC20FeeProxy as `@requestnetwork/smart-contracts` publishes it: its ABI, its
 * creation bytecode (what the sandbox deploys) and the addresses it is deployed at per network.
 *
 * Why read the files instead of importing the package: its entry point builds `ethers` contract
 * objects, and ethers is not a dependency here (nor wanted on the server). So the two CommonJS
 * files that hold the data are evaluated in an isolated context with stand-ins for `ethers` and
 * for the package's `ContractArtifact` class, which only keep what those files hand them. No other
 * code of the package runs.
 */
export interface FeeProxyArtifact {
  abi: Abi;
  bytecode: Hex;
  /** The package version the data came from. */
  packageVersion: string;
  /** The newest contract version's deployments, by the package's network name. */
  deployments: Record<string, Address>;
}

const PACKAGE = "@requestnetwork/smart-contracts";
/** The deployment table of the ERC20FeeProxy artifact. */
const DEPLOYMENTS_FILE = "dist/src/lib/artifacts/ERC20FeeProxy/index.js";
/** The typechain factory: the only place the package keeps the creation bytecode. */
const FACTORY_FILE = "types/factories/src/contracts/ERC20FeeProxy__factory.js";

type ArtifactInfo = Record<string, { abi: Abi; deployment: Record<string, { address: string }> }>;

/** Runs one CommonJS file of the package in its own context; `modules` answers its `require` calls. */
function evaluate(file: string, modules: Record<string, unknown>): Record<string, unknown> {
  const exports: Record<string, unknown> = {};
  const require = (id: string) => {
    if (!(id in modules)) throw new EvmChainError(`${path.basename(file)} requires ${id}, which this reader does not provide`);
    return modules[id];
  };
  vm.runInNewContext(readFileSync(file, "utf8"), { exports, require, module: { exports } }, { filename: file, timeout: 1_000 });
  return exports;
}

let cached: FeeProxyArtifact | undefined;

/**
 * The ERC20FeeProxy artifact from the installed package (read once).
 * @throws {EvmChainError} when the package is missing or its files no longer have the shape read here.
 */
export function feeProxyArtifact(): FeeProxyArtifact {
  if (cached) return cached;
  let root: string;
  let packageVersion: string;
  try {
    const packageJson = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
    root = path.dirname(packageJson);
    packageVersion = (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
  } catch (cause) {
    throw new EvmChainError(`${PACKAGE} is not installed`, { cause });
  }
  try {
    let info: ArtifactInfo | undefined;
    let lastVersion: string | undefined;
    class ContractArtifact {
      constructor(i: ArtifactInfo, last: string) {
        info = i;
        lastVersion = last;
      }
    }
    const abiJson = JSON.parse(readFileSync(path.join(root, path.dirname(DEPLOYMENTS_FILE), "0.1.0.json"), "utf8")) as { abi: Abi };
    evaluate(path.join(root, DEPLOYMENTS_FILE), { "../../ContractArtifact": { ContractArtifact }, "./0.1.0.json": abiJson });
    const latest = info && lastVersion ? info[lastVersion] : undefined;
    if (!latest) throw new EvmChainError("no deployment table in the ERC20FeeProxy artifact");
    const deployments: Record<string, Address> = {};
    for (const [network, { address }] of Object.entries(latest.deployment)) {
      // Aurora's entry is a NEAR account (pay.reqnetwork.near), not an EVM contract: left out.
      if (isAddress(address, { strict: false })) deployments[network] = address as Address;
    }

    class ContractFactory {}
    const factory = evaluate(path.join(root, FACTORY_FILE), { ethers: { ContractFactory, Contract: class {}, utils: {} } }).ERC20FeeProxy__factory as
      | { bytecode?: unknown; abi?: unknown }
      | undefined;
    const bytecode = factory?.bytecode;
    if (typeof bytecode !== "string" || !/^0x(?:[0-9a-f]{2})+$/i.test(bytecode)) throw new EvmChainError("no creation bytecode in the ERC20FeeProxy factory");
    cached = { abi: latest.abi, bytecode: bytecode as Hex, packageVersion, deployments };
    return cached;
  } catch (cause) {
    if (cause instanceof EvmChainError) throw cause;
    throw new EvmChainError(`could not read ERC20FeeProxy from ${PACKAGE}`, { cause });
  }
}
