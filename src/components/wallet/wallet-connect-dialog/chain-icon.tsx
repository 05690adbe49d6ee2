import { walletFamilyOf } from "@/lib/wallet-families";
import { cn } from "@/lib/utils";

/** The family's coin beside a chain's name (ETH for EVM chains, SOL for Solana); decorative. */
export function ChainIcon({ chainId, className }: { chainId: number; className?: string }) {
  const family = walletFamilyOf(chainId);
  const src = family === "solana" ? "/assets/tokens/sol.svg" : family === "evm" ? "/assets/tokens/eth.svg" : null;
  if (!src) return <span aria-hidden="true" className={cn("size-6 shrink-0 rounded-full bg-muted", className)} />;
  return <img src={src} alt="" width={24} height={24} className={cn("size-6 shrink-0", className)} />;
}
