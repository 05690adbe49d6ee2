import { keccak256, parseAbi, type Hex } from "viem";

/**
 * Request Network's ERC20FeeProxy, typed for viem: what a payer calls and what the watcher reads.
 * Kept equal to the ABI its package publishes by a test (fee-proxy.test.ts).
 *
 * `transferFromWithReferenceAndFee` moves `_amount` of `_tokenAddress` from the caller to `_to`
 * (the caller approved the proxy first) and `_feeAmount` to `_feeAddress`, then logs
 * `TransferWithReferenceAndFee`. The payment reference is an indexed `bytes`, so the log carries
 * only its keccak256 as the second topic (see `referenceTopic`).
 */
export const feeProxyAbi = parseAbi([
  "event TransferWithReferenceAndFee(address tokenAddress, address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)",
  "function transferFromWithReferenceAndFee(address _tokenAddress, address _to, uint256 _amount, bytes _paymentReference, uint256 _feeAmount, address _feeAddress)",
]);

/** The topic a payment's reference appears under in the proxy's logs: keccak256 of its bytes. */
export function referenceTopic(reference: Hex): Hex {
  return keccak256(reference);
}
