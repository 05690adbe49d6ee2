import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { EvmSandboxError } from "./errors";

/** npm platform packages of `@foundry-rs/anvil`, by `process.platform` then `process.arch` (see its const.mjs). */
const PLATFORM_PACKAGES: Partial<Record<NodeJS.Platform, Partial<Record<string, string>>>> = {
  darwin: { x64: "@foundry-rs/anvil-darwin-amd64", arm64: "@foundry-rs/anvil-darwin-arm64" },
  linux: { x64: "@foundry-rs/anvil-linux-amd64", arm64: "@foundry-rs/anvil-linux-arm64" },
  win32: { x64: "@foundry-rs/anvil-win32-amd64" },
};

/**
 * Finds the anvil executable the way `@foundry-rs/anvil/bin.mjs` does, without going through
 * that wrapper (or npx): resolve `<platform package>/bin/anvil` from the `@foundry-rs/anvil`
 * package, else the `dist/` binary its postinstall may have downloaded beside it.
 * @throws {EvmSandboxError} when this platform has no package or the binary is not installed.
 */
export function resolveAnvilBinary(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  const platformPackage = PLATFORM_PACKAGES[platform]?.[arch];
  if (!platformPackage) throw new EvmSandboxError(`anvil has no npm build for ${platform}-${arch}`);
  const binaryName = platform === "win32" ? "anvil.exe" : "anvil";
  const ownRequire = createRequire(import.meta.url);
  let anvilPackageJson: string;
  try {
    anvilPackageJson = ownRequire.resolve("@foundry-rs/anvil/package.json");
  } catch (cause) {
    throw new EvmSandboxError("@foundry-rs/anvil is not installed", { cause });
  }
  const fromAnvil = createRequire(anvilPackageJson);
  for (const resolve of [fromAnvil.resolve, ownRequire.resolve]) {
    try {
      const candidate = resolve(`${platformPackage}/bin/${binaryName}`);
      if (existsSync(candidate)) return candidate;
    } catch {
      // not resolvable from here: try the next place
    }
  }
  const downloaded = path.join(path.dirname(anvilPackageJson), "..", "dist", binaryName);
  if (existsSync(downloaded)) return downloaded;
  throw new EvmSandboxError(`anvil binary not found: install ${platformPackage} (an optional dependency of @foundry-rs/anvil)`);
}
