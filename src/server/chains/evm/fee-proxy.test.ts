import { describe, expect, it } from "vitest";
import { keccak256, toEventSelector } from "viem";
import { feeProxyArtifact } from "./fee-proxy-artifact";
import { feeProxyAbi, referenceTopic } from "./fee-proxy-abi";
import { feeProxyDeployments } from "./fee-proxy-deployments";

/** ABI entries reduced to what decides encoding: type, name, inputs' types and indexing. */
const shape = (abi: readonly unknown[]) =>
  abi
    .filter((e) => ["event", "function"].includes((e as { type: string }).type))
    .map((e) => {
      const { type, name, inputs } = e as { type: string; name: string; inputs: { type: string; indexed?: boolean }[] };
      return { type, name, inputs: inputs.map((i) => `${i.type}${i.indexed ? " indexed" : ""}`) };
    });

describe("Request Network's ERC20FeeProxy, as its package publishes it", () => {
  it("has exactly the event and function zpay is typed with", () => {
    expect(shape(feeProxyAbi)).toEqual(shape(feeProxyArtifact().abi));
    expect(toEventSelector(feeProxyAbi[0])).toBe(toEventSelector("TransferWithReferenceAndFee(address,address,uint256,bytes,uint256,address)"));
  });

  it("names a payment reference by the keccak256 of its bytes", () => {
    expect(referenceTopic("0x0123456789abcdef")).toBe(keccak256("0x0123456789abcdef"));
    expect(referenceTopic("0x0123456789abcdef")).not.toBe(referenceTopic("0x0123456789abcdee"));
  });

  it("ships creation bytecode and maps its networks to chain ids (Aurora's NEAR account left out)", () => {
    const { bytecode, packageVersion } = feeProxyArtifact();
    expect(bytecode).toMatch(/^0x608060/);
    expect(packageVersion).toMatch(/^\d+\.\d+\.\d+/);
    const byChain = feeProxyDeployments();
    expect([...byChain.keys()].sort((a, b) => a - b)).toEqual([1, 10, 56, 137, 1284, 8453, 42161, 43114]);
    expect(byChain.get(8453)).toBe("0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814");
    expect(byChain.has(1313161554)).toBe(false);
  });
});
