/**
 * The one function of Request Network's ERC20FeeProxy the payer's wallet calls, copied from the
 * ABI `@requestnetwork/smart-contracts` ships (the server uses that package; the browser needs
 * only this fragment, so the package is not bundled). The proxy moves `_amount` of
 * `_tokenAddress` from the caller to `_to` and logs `TransferWithReferenceAndFee` with the
 * payment reference, which is how the server matches the transfer to the payment.
 */
export const feeProxyAbi = [
  {
    type: "function",
    name: "transferFromWithReferenceAndFee",
    stateMutability: "nonpayable",
    inputs: [
      { internalType: "address", name: "_tokenAddress", type: "address" },
      { internalType: "address", name: "_to", type: "address" },
      { internalType: "uint256", name: "_amount", type: "uint256" },
      { internalType: "bytes", name: "_paymentReference", type: "bytes" },
      { internalType: "uint256", name: "_feeAmount", type: "uint256" },
      { internalType: "address", name: "_feeAddress", type: "address" },
    ],
    outputs: [],
  },
] as const;

/** No fee is taken: the fee amount is 0 and the fee address the zero address (SPEC §9: 40 zeros). */
export const NO_FEE_ADDRESS = "0x0000000000000000000000000000000000000000";
