import { registerChainFamily, unregisterChainFamily } from "../chains/families";
import type { FamilyChain } from "../chains/family";
import { evmFamily } from "./evm";
import type { FamilyPort } from "./port";
import { solanaFamily } from "./solana";

export type { FamilyPort, FollowContext } from "./port";

/** Every chain family this server runs, in start order. Their facts are in `chains/families` from the start. */
const FAMILIES: FamilyPort<FamilyChain>[] = [solanaFamily as FamilyPort<FamilyChain>, evmFamily as FamilyPort<FamilyChain>];

/** The families `startServer` follows chains of. */
export const families = (): readonly FamilyPort<FamilyChain>[] => FAMILIES;

/**
 * Adds a family beyond the built-in two: its port here, its facts for the lower floors
 * (`chains/families`). Answers how to take it out again (tests).
 */
export function registerFamily<C extends FamilyChain>(family: FamilyPort<C>): () => void {
  const port = family as unknown as FamilyPort<FamilyChain>;
  registerChainFamily(port);
  FAMILIES.push(port);
  return () => {
    unregisterChainFamily(port.name);
    FAMILIES.splice(FAMILIES.indexOf(port), 1);
  };
}
