import bs58 from "bs58";
import type { Commitment } from "../ledger/commitment";
import type { SolanaNetwork } from "../network";
import { SOLANA_CORE_VERSION } from "../constants";
import { RPC_ERROR, RpcError, invalidParams } from "./errors";

/** Reading and validating JSON-RPC params; every failure is -32602 with agave-like wording. */

export type Config = Record<string, unknown>;

export function paramsArray(params: unknown): unknown[] {
  if (params === undefined || params === null) return [];
  if (!Array.isArray(params)) throw invalidParams("Invalid params: expected an array of parameters");
  return params;
}

export function required<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === null) throw invalidParams(`Invalid params: missing ${name}`);
  return value;
}

function base58OfLength(value: unknown, length: number): string {
  if (typeof value !== "string") throw invalidParams("Invalid param: Invalid");
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw invalidParams("Invalid param: Invalid");
  }
  if (bytes.length !== length) throw invalidParams("Invalid param: WrongSize");
  return value;
}

export const pubkeyParam = (value: unknown): string => base58OfLength(value, 32);
export const signatureParam = (value: unknown): string => base58OfLength(value, 64);

export function configParam(value: unknown): Config {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw invalidParams("Invalid params: configuration must be an object");
  return value as Config;
}

const COMMITMENTS = new Set<string>(["processed", "confirmed", "finalized"]);

export function commitmentParam(config: Config, fallback: Commitment = "finalized"): Commitment {
  const value = config.commitment;
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "string" || !COMMITMENTS.has(value)) {
    throw invalidParams(`Invalid params: unknown variant \`${String(value)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\``);
  }
  return value as Commitment;
}

/** Methods that read history refuse `processed`, as agave does. */
export function finalityParam(config: Config): Commitment {
  const commitment = commitmentParam(config);
  if (commitment === "processed") throw invalidParams("Method does not support commitment below `confirmed`");
  return commitment;
}

/** The slot a read at `commitment` sees, enforcing `minContextSlot` (-32016 when not reached). */
export function contextSlot(net: SolanaNetwork, commitment: Commitment, config: Config): number {
  const slot = Math.max(0, net.slotAt(commitment));
  const min = config.minContextSlot;
  if (min !== undefined && min !== null) {
    if (typeof min !== "number" || !Number.isInteger(min)) throw invalidParams("Invalid params: minContextSlot must be an integer");
    if (slot < min) throw new RpcError(RPC_ERROR.minContextSlotNotReached, "Minimum context slot has not been reached", { contextSlot: slot });
  }
  return slot;
}

export function enumParam<T extends string>(value: unknown, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw invalidParams(`Invalid params: unknown ${name} \`${String(value)}\`, expected one of ${allowed.map((a) => `\`${a}\``).join(", ")}`);
  }
  return value as T;
}

/** A u64 parameter (lamports, lengths): a non-negative safe integer. */
export function u64Param(value: unknown, name: string): bigint {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) throw invalidParams(`Invalid params: ${name} must be a non-negative integer`);
  return BigInt(value);
}

export function booleanParam(value: unknown, fallback: boolean, name: string): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "boolean") throw invalidParams(`Invalid params: ${name} must be a boolean`);
  return value;
}

/** The `{ context: { slot }, value }` envelope of most read methods. */
export const withContext = <T>(slot: number, value: T) => ({ context: { apiVersion: SOLANA_CORE_VERSION, slot }, value });
