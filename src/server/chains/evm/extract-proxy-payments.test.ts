import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeEventTopics, erc20Abi, type Address, type Hex } from "viem";
import { feeProxyAbi } from "./fee-proxy-abi";
import { extractProxyPayments } from "./extract-proxy-payments";

const PROXY: Address = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const TOKEN: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const OTHER_TOKEN: Address = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const PAYER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const MERCHANT: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const HASH: Hex = `0x${"ab".repeat(32)}`;
const BLOCK: Hex = `0x${"cd".repeat(32)}`;

const base = (logIndex: number) => ({ logIndex, transactionHash: HASH, blockNumber: 7n, blockHash: BLOCK, removed: false });
const transfer = (logIndex: number, to: Address, value: bigint, token = TOKEN, from = PAYER) => ({
  ...base(logIndex),
  address: token,
  topics: encodeEventTopics({ abi: erc20Abi, eventName: "Transfer", args: { from, to } }) as [Hex, ...Hex[]],
  data: encodeAbiParameters([{ type: "uint256" }], [value]),
});
const proxyLog = (logIndex: number, reference: Hex, amount: bigint, to = MERCHANT, token = TOKEN, address = PROXY) => ({
  ...base(logIndex),
  address,
  topics: encodeEventTopics({ abi: feeProxyAbi, eventName: "TransferWithReferenceAndFee", args: { paymentReference: reference } }) as [Hex, ...Hex[]],
  data: encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "uint256" }, { type: "uint256" }, { type: "address" }],
    [token, to, amount, 0n, "0x0000000000000000000000000000000000000000"],
  ),
});

describe("extractProxyPayments", () => {
  it("pairs each proxy log with the token's Transfer before it that moved exactly that amount to that address", () => {
    const [payment] = extractProxyPayments([transfer(0, MERCHANT, 5n), proxyLog(1, "0x01", 5n)], PROXY);
    expect(payment).toMatchObject({ transactionHash: HASH, logIndex: 1, tokenAddress: TOKEN, to: MERCHANT, amount: 5n, transfer: { from: PAYER, value: 5n, logIndex: 0 } });
  });

  it("finds no money behind a proxy log without that Transfer: another amount, another token, another recipient, or after the log", () => {
    const cases = [
      [transfer(0, MERCHANT, 4n), proxyLog(1, "0x01", 5n)],
      [transfer(0, MERCHANT, 5n, OTHER_TOKEN), proxyLog(1, "0x01", 5n)],
      [transfer(0, PAYER, 5n), proxyLog(1, "0x01", 5n)],
      [proxyLog(0, "0x01", 5n), transfer(1, MERCHANT, 5n)],
    ];
    for (const logs of cases) expect(extractProxyPayments(logs, PROXY)[0]!.transfer).toBeUndefined();
  });

  it("matches each Transfer once when one transaction pays two references", () => {
    const payments = extractProxyPayments([transfer(0, MERCHANT, 5n), proxyLog(1, "0x01", 5n), proxyLog(2, "0x02", 5n)], PROXY);
    expect(payments.map((p) => p.transfer?.logIndex)).toEqual([0, undefined]);
  });

  it("ignores look-alike logs from another contract, and marks removed ones", () => {
    expect(extractProxyPayments([transfer(0, MERCHANT, 5n), proxyLog(1, "0x01", 5n, MERCHANT, TOKEN, OTHER_TOKEN)], PROXY)).toEqual([]);
    const [removed] = extractProxyPayments([transfer(0, MERCHANT, 5n), { ...proxyLog(1, "0x01", 5n), removed: true }], PROXY);
    expect(removed!.removed).toBe(true);
  });
});
