import { describe, expect, it } from "vitest";
import { handleJsonRpc } from "./dispatch";
import { RpcError } from "./errors";

const methods = {
  echo: (params: unknown[]) => params,
  fail: () => {
    throw new RpcError(-32002, "Transaction simulation failed: Blockhash not found", { err: "BlockhashNotFound" });
  },
  crash: () => {
    throw new Error("bug");
  },
};
const run = (body: unknown) => JSON.parse(handleJsonRpc(JSON.stringify(body), methods) ?? "null");

describe("handleJsonRpc", () => {
  it("returns results and the node's error objects with their data", () => {
    expect(run({ jsonrpc: "2.0", id: 7, method: "echo", params: [1, "a"] })).toEqual({ jsonrpc: "2.0", result: [1, "a"], id: 7 });
    expect(run({ jsonrpc: "2.0", id: 8, method: "fail" })).toEqual({
      jsonrpc: "2.0",
      error: { code: -32002, message: "Transaction simulation failed: Blockhash not found", data: { err: "BlockhashNotFound" } },
      id: 8,
    });
    expect(run({ jsonrpc: "2.0", id: 9, method: "crash" }).error).toEqual({ code: -32603, message: "Internal error" });
    expect(run({ jsonrpc: "2.0", id: 1, method: "echo", params: { a: 1 } }).error.code).toBe(-32602);
    expect(run({ jsonrpc: "2.0", id: 1, method: "toString" }).error.code).toBe(-32601);
  });

  it("answers batches in order and skips notifications", () => {
    expect(run([{ jsonrpc: "2.0", method: "echo" }])).toBeNull();
    expect(run([{ jsonrpc: "2.0", id: 1, method: "echo" }, { jsonrpc: "2.0", method: "echo" }, { jsonrpc: "2.0", id: 2, method: "missing" }]).map((r: { id: number }) => r.id)).toEqual([1, 2]);
  });
});
