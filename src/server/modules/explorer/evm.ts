import { createPublicClient, parseEventLogs, erc20Abi, type Hash } from "viem";
import type { EvmRuntime } from "../../chains/runtime";
import { evmHttp } from "../../chains/evm/transport";
import type { RecordedTransactionDto } from "./dto";

/** What the EVM network recorded for `hash`, or undefined when it knows none. */
export async function readEvmTransaction(evm: EvmRuntime, chainName: string, hash: Hash): Promise<RecordedTransactionDto | undefined> {
  const client = createPublicClient({ transport: evmHttp(evm) });
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
  if (!receipt) return undefined;
  const [tx, block] = await Promise.all([client.getTransaction({ hash }), client.getBlock({ blockNumber: receipt.blockNumber })]);
  const known = new Map(Object.entries(evm.tokens).map(([symbol, token]) => [token.address.toLowerCase(), { symbol, decimals: token.decimals }]));
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs });
  return {
    chainId: evm.chainId,
    chain: chainName,
    hash,
    commitment: "mined",
    success: receipt.status === "success",
    error: receipt.status === "success" ? undefined : "reverted",
    slotOrBlock: Number(receipt.blockNumber),
    time: new Date(Number(block.timestamp) * 1000).toISOString(),
    feePayer: receipt.from,
    fee: String(receipt.gasUsed * receipt.effectiveGasPrice),
    instructions: [{ program: tx.to ?? "contract creation", type: tx.input === "0x" ? "transfer" : tx.input.slice(0, 10), detail: tx.value > 0n ? `value ${tx.value}` : undefined }],
    tokenMovements: transfers.map((log) => ({
      token: log.address,
      symbol: known.get(log.address.toLowerCase())?.symbol,
      from: log.args.from,
      to: log.args.to,
      amount: String(log.args.value),
      // A token this chain does not list: its decimals are unknown here; 18 is the ERC-20 default.
      decimals: known.get(log.address.toLowerCase())?.decimals ?? 18,
    })),
    logs: [],
  };
}
