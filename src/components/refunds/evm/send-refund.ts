import { createPublicClient, createWalletClient, custom, defineChain, erc20Abi, isAddress, isAddressEqual, isHex, numberToHex, type Address, type Hash, type Hex } from "viem";
import type { RefundInstructionDto } from "@/lib/refund";
import { discoverEip6963Wallets, type Eip1193Provider } from "@/components/wallet/wallet-connect-dialog/eip6963";
import { evmWalletMessage } from "@/components/pay/evm/evm-wallet-errors";
import { feeProxyAbi, NO_FEE_ADDRESS } from "@/components/pay/evm/fee-proxy-abi";
import { TOKEN_PAYMENT_GAS } from "@/components/pay/evm/send-payment";

/** The merchant's browser holds no wallet that can send this refund, or the wallet failed (its own words). */
export class EvmRefundError extends Error {
  constructor(
    message: string,
    options?: { cause?: unknown },
    /** The refund's own transaction reverted: nothing left the wallet, so the refund may be cancelled. */
    readonly reverted = false,
  ) {
    super(message, options);
    this.name = "EvmRefundError";
  }
}

/** What an EVM refund needs from the server's answer. */
interface EvmRefund {
  chainId: number;
  from: Address;
  to: Address;
  token: Address;
  /** Through the fee proxy (the money is in the wallet), or */
  proxy: Address | null;
  /** the merchant's route call (the money is in its route contract; the wallet owns the route). */
  route: { to: Address; data: Hex } | null;
  amount: bigint;
  reference: `0x${string}`;
}

/** @throws EvmRefundError when the server's answer is not an EVM refund (no proxy or route on that chain, a Solana answer). */
export function evmRefundOf(refund: RefundInstructionDto): EvmRefund {
  const { from, to, tokenAddress, proxy, reference, amount } = refund;
  const route = refund.via === "route" && refund.route && isAddress(refund.route.to) && isHex(refund.route.data) ? { to: refund.route.to, data: refund.route.data } : null;
  const sendable = refund.via === "route" ? route !== null : !!proxy && isAddress(proxy);
  if (!from || !isAddress(from) || !isAddress(to) || !isAddress(tokenAddress) || !sendable || !isHex(reference) || !/^\d+$/.test(amount)) {
    throw new EvmRefundError("This refund cannot be sent from an EVM wallet.");
  }
  return { chainId: refund.chain, from, to, token: tokenAddress, proxy: route ? null : (proxy as Address), route, amount: BigInt(amount), reference };
}

/** The browser's EVM wallets: every EIP-6963 announcement, then `window.ethereum` for one that does not announce. */
function browserProviders(): Eip1193Provider[] {
  const found: Eip1193Provider[] = [];
  const stop = discoverEip6963Wallets((wallets) => {
    for (const w of wallets) if (!found.includes(w.provider)) found.push(w.provider);
  });
  stop();
  const injected = (window as { ethereum?: Eip1193Provider }).ethereum;
  if (injected && typeof injected.request === "function" && !found.includes(injected)) found.push(injected);
  return found;
}

const holds = (accounts: unknown, address: Address) => Array.isArray(accounts) && accounts.some((a) => typeof a === "string" && isAddress(a) && isAddressEqual(a, address));

/** The wallet that holds `address` (asking each to connect until one does). */
async function providerFor(address: Address): Promise<Eip1193Provider> {
  const providers = browserProviders();
  if (providers.length === 0) throw new EvmRefundError("No EVM wallet found in this browser.");
  for (const provider of providers) if (holds(await provider.request({ method: "eth_accounts" }).catch(() => []), address)) return provider;
  for (const provider of providers) if (holds(await provider.request({ method: "eth_requestAccounts" }), address)) return provider;
  throw new EvmRefundError(`Connect the wallet ${address}: the refund leaves from it.`);
}

/** Puts the wallet on the refund's network, adding a local sandbox network it does not know. */
async function switchTo(provider: Eip1193Provider, chainId: number, rpc: { rpcUrl?: string; name?: string }): Promise<void> {
  const current = await provider.request({ method: "eth_chainId" });
  if (typeof current === "string" && Number(current) === chainId) return;
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
  } catch (err) {
    if ((err as { code?: unknown }).code !== 4902 || !rpc.rpcUrl) throw err;
    await provider.request({
      method: "wallet_addEthereumChain",
      params: [{ chainId: numberToHex(chainId), chainName: rpc.name ?? `Chain ${chainId}`, rpcUrls: [rpc.rpcUrl], nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 } }],
    });
  }
}

/**
 * Sends an EVM refund from the merchant's connected wallet the way the pay page pays (SPEC §9):
 * through Request Network's ERC20FeeProxy with the refund's reference, approving the proxy first
 * when its allowance is short (clearing a non-zero one first, as USDT requires), then
 * `transferFromWithReferenceAndFee(token, payer, amount, reference, 0, 0x0)`. The wallet both
 * signs and reads (the server hands out no RPC of a public chain). `onSent` hears the hash as soon
 * as the wallet answers it: from then on the refund must not be cancelled, whatever follows.
 * Money that sits in the merchant's route contract goes back by the route call the server built
 * (refund(token, payer, amount, reference), which only the route's owner may call): no approval.
 * Answers the hash once mined successfully.
 */
export async function sendEvmRefund(refund: RefundInstructionDto, rpc: { rpcUrl?: string; name?: string }, onSent?: (hash: Hash) => void): Promise<Hash> {
  const r = evmRefundOf(refund);
  const provider = await providerFor(r.from);
  try {
    await switchTo(provider, r.chainId, rpc);
    const chain = defineChain({ id: r.chainId, name: rpc.name ?? `Chain ${r.chainId}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: rpc.rpcUrl ? [rpc.rpcUrl] : [] } } });
    const transport = custom(provider);
    const reader = createPublicClient({ chain, transport, pollingInterval: 1000 });
    const wallet = createWalletClient({ account: r.from, chain, transport });
    const balance = await reader.readContract({ address: r.token, abi: erc20Abi, functionName: "balanceOf", args: [r.route?.to ?? r.from] });
    if (balance < r.amount) throw new EvmRefundError(r.route ? "The route holds less of the token than the refund." : "The wallet holds less of the token than the refund.");
    let hash: Hash;
    if (r.route) {
      hash = await wallet.sendTransaction({ to: r.route.to, data: r.route.data, gas: TOKEN_PAYMENT_GAS });
    } else {
      const proxy = r.proxy!;
      const allowance = await reader.readContract({ address: r.token, abi: erc20Abi, functionName: "allowance", args: [r.from, proxy] });
      if (allowance < r.amount) {
        for (const value of allowance > 0n ? [0n, r.amount] : [r.amount]) {
          const approved = await wallet.writeContract({ address: r.token, abi: erc20Abi, functionName: "approve", args: [proxy, value] });
          const receipt = await reader.waitForTransactionReceipt({ hash: approved });
          if (receipt.status !== "success") throw new EvmRefundError("The token approval failed on the network.");
        }
      }
      hash = await wallet.writeContract({
        address: proxy,
        abi: feeProxyAbi,
        functionName: "transferFromWithReferenceAndFee",
        args: [r.token, r.to, r.amount, r.reference, 0n, NO_FEE_ADDRESS],
        gas: TOKEN_PAYMENT_GAS,
      });
    }
    onSent?.(hash);
    const receipt = await reader.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new EvmRefundError("The refund transaction failed on the network.", undefined, true);
    return hash;
  } catch (err) {
    if (err instanceof EvmRefundError) throw err;
    throw new EvmRefundError(evmWalletMessage(err) || "The wallet could not send the refund.", { cause: err });
  }
}
