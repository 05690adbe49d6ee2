import { evmChainFamily, type PayableEvmChain } from "../../chains/families/evm";
import type { FamilyPort } from "../port";
import { followEvm } from "./follow";

/** EVM: its chain facts and each chain's leader's work. */
export const evmFamily: FamilyPort<PayableEvmChain> = { ...evmChainFamily, follow: followEvm };
