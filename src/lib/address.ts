/**
 * Shortens a wallet address to its first and last `chars` characters around an ellipsis
 * (SPEC §9: 4 in the top bar, 11 on the Solana address button). Addresses too short to gain
 * anything come back unchanged, so a short manual entry is never mangled.
 * @throws RangeError when `chars` is not a positive integer.
 */
export function shortenAddress(address: string, chars = 4): string {
  if (!Number.isInteger(chars) || chars < 1) throw new RangeError(`chars must be a positive integer, got ${chars}`);
  const trimmed = address.trim();
  if (trimmed.length <= chars * 2 + 1) return trimmed;
  return `${trimmed.slice(0, chars)}…${trimmed.slice(-chars)}`;
}
