// Writes the package.json of the container image's runtime stage (see Dockerfile): only the packages
// the bundled server leaves to Node at run time (build-server.mjs's SERVER_EXTERNALS, less the build
// tools; the API reference's browser bundle is copied beside the server bundle), at the versions
// package-lock.json pins. The image then installs those alone instead of the 2 GB of build tools,
// front-end and test packages.
import { readFileSync, writeFileSync } from "node:fs";
import { SERVER_EXTERNALS } from "./build-server.mjs";

const BUILD_ONLY = new Set(["esbuild", "tsx"]);
/** Read as files at run time, not imported: the Solidity the sandbox compiles imports OpenZeppelin's sources. */
const READ_AT_RUN_TIME = ["@openzeppelin/contracts"];

export function runtimePackage(lock = JSON.parse(readFileSync("package-lock.json", "utf8"))) {
  const dependencies = {};
  for (const name of [...SERVER_EXTERNALS.filter((n) => !BUILD_ONLY.has(n)), ...READ_AT_RUN_TIME].sort()) {
    const version = lock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`${name} is not in package-lock.json`);
    dependencies[name] = version;
  }
  return { name: "zpay-runtime", private: true, type: "module", dependencies };
}

const out = process.argv[2];
if (out) writeFileSync(out, `${JSON.stringify(runtimePackage(), null, 2)}\n`);
