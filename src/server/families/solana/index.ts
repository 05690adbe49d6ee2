import { solanaChainFamily } from "../../chains/families/solana";
import type { SolanaRuntime } from "../../chains/runtime";
import type { FamilyPort } from "../port";
import { followSolana } from "./follow";

/** Solana: its chain facts and its leader's work. */
export const solanaFamily: FamilyPort<SolanaRuntime> = { ...solanaChainFamily, follow: followSolana };
