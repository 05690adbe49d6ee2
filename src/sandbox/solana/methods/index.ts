import type { MethodTable } from "../rpc/dispatch";
import { accountMethods } from "./accounts";
import { blockhashMethods } from "./blockhash";
import { clusterMethods } from "./cluster";
import type { Method, MethodContext } from "./context";
import { sendMethods } from "./send";
import { tokenMethods } from "./tokens";
import { transactionMethods } from "./transactions";

const ALL: Record<string, Method> = { ...clusterMethods, ...blockhashMethods, ...sendMethods, ...transactionMethods, ...accountMethods, ...tokenMethods };

/** The HTTP JSON-RPC method table, bound to one network. */
export function rpcMethods(ctx: MethodContext): MethodTable {
  return Object.fromEntries(Object.entries(ALL).map(([name, method]) => [name, (params: unknown[]) => method(params, ctx)]));
}
