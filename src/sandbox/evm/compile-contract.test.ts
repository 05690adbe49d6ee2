import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileContract } from "./compile-contract";
import { EvmSandboxError } from "./errors";
import { compileTestToken, testTokenAbi } from "./test-token";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "zpay-solc-test-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** ABI entries in a stable order, so two ABIs compare regardless of how they were listed. */
function canonical(abi: readonly unknown[]): unknown[] {
  const key = (e: unknown) => JSON.stringify([(e as { type: string }).type, (e as { name?: string }).name ?? ""]);
  return [...abi].sort((a, b) => key(a).localeCompare(key(b)));
}

describe("compileTestToken", () => {
  const cacheDir = tempDir();

  it("compiles contracts/TestToken.sol on a cache miss, then serves the same artifact from the cache", async () => {
    const first = await compileTestToken({ cacheDir });
    expect(first.fromCache).toBe(false);
    expect(first.artifact.bytecode).toMatch(/^0x(?:[0-9a-f]{2})+$/);
    expect(first.artifact.solcVersion).toMatch(/^0\.8\.\d+\+commit\./);
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^TestToken-[0-9a-f]{24}\.json$/)]);

    const second = await compileTestToken({ cacheDir });
    expect(second.fromCache).toBe(true);
    expect(second.artifact).toEqual(first.artifact);
  });

  it("has exactly the ABI the sandbox is typed with (test-token.ts)", async () => {
    const { artifact } = await compileTestToken({ cacheDir });
    expect(canonical(artifact.abi)).toEqual(canonical(testTokenAbi));
  });

  it("compiles again when the cache entry is corrupt", async () => {
    const [file] = readdirSync(cacheDir);
    writeFileSync(path.join(cacheDir, file), "{ not json");
    const again = await compileTestToken({ cacheDir });
    expect(again.fromCache).toBe(false);
    expect((await compileTestToken({ cacheDir })).fromCache).toBe(true);
  });

  it("never touches a cache with cacheDir: false", async () => {
    expect((await compileTestToken({ cacheDir: false })).fromCache).toBe(false);
  });
});

describe("compileContract", () => {
  it("keys the cache on the source: a changed contract is compiled, not served stale", async () => {
    const cacheDir = tempDir();
    const source = path.join(tempDir(), "Box.sol");
    writeFileSync(source, "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Box { uint256 public value = 1; }\n");
    const one = await compileContract(source, "Box", { cacheDir });
    writeFileSync(source, "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Box { uint256 public value = 2; }\n");
    const two = await compileContract(source, "Box", { cacheDir });
    expect(two.fromCache).toBe(false);
    expect(two.artifact.bytecode).not.toBe(one.artifact.bytecode);
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it("throws EvmSandboxError with solc's message on a compile error", async () => {
    const source = path.join(tempDir(), "Broken.sol");
    writeFileSync(source, "pragma solidity ^0.8.24;\ncontract Broken { function f() public { undefinedThing(); } }\n");
    const error = await compileContract(source, "Broken", { cacheDir: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EvmSandboxError);
    expect((error as Error).message).toMatch(/Undeclared identifier/);
  });

  it("throws EvmSandboxError for a missing source or a contract not in it", async () => {
    await expect(compileContract("/nonexistent/Nope.sol", "Nope", { cacheDir: false })).rejects.toThrow(EvmSandboxError);
    const source = path.join(tempDir(), "Other.sol");
    writeFileSync(source, "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Other {}\n");
    await expect(compileContract(source, "Missing", { cacheDir: false })).rejects.toThrow(/Missing is not in Other.sol/);
  });

  it("resolves @openzeppelin imports from node_modules and sibling files next to the source", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "Base.sol"), "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Base { uint256 public base = 7; }\n");
    const source = path.join(dir, "Vault.sol");
    writeFileSync(
      source,
      '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\nimport {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";\nimport "./Base.sol";\ncontract Vault is Ownable, Base { constructor() Ownable(msg.sender) {} }\n',
    );
    const { artifact } = await compileContract(source, "Vault", { cacheDir: false });
    const names = artifact.abi.map((e) => ("name" in e ? e.name : e.type));
    expect(names).toEqual(expect.arrayContaining(["owner", "transferOwnership", "base", "OwnableUnauthorizedAccount"]));
  });

  it("keys the cache on imported files too: an edited import is compiled, not served stale", async () => {
    const dir = tempDir();
    const cacheDir = tempDir();
    const base = path.join(dir, "Base.sol");
    const source = path.join(dir, "Child.sol");
    writeFileSync(source, '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\nimport {Base} from "./Base.sol";\ncontract Child is Base {}\n');
    writeFileSync(base, "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Base { uint256 public value = 1; }\n");
    const one = await compileContract(source, "Child", { cacheDir });
    expect((await compileContract(source, "Child", { cacheDir })).fromCache).toBe(true);
    writeFileSync(base, "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Base { uint256 public value = 2; }\n");
    const two = await compileContract(source, "Child", { cacheDir });
    expect(two.fromCache).toBe(false);
    expect(two.artifact.bytecode).not.toBe(one.artifact.bytecode);
  });

  it("throws EvmSandboxError naming an import that does not exist", async () => {
    const source = path.join(tempDir(), "Lost.sol");
    writeFileSync(source, '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\nimport "./Nowhere.sol";\ncontract Lost {}\n');
    await expect(compileContract(source, "Lost", { cacheDir: false })).rejects.toThrow(/cannot read Nowhere.sol, imported by Lost.sol/);
  });
});
