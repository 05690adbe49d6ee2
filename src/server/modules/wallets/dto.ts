import { z } from "@hono/zod-openapi";
import { chainById } from "@/lib/chains";
import { WALLET_TYPES, type ReceivingWalletDto, type WalletType } from "@/lib/receiving-wallets";
import type { WalletFamily } from "@/lib/wallet-families";
import type { WalletRow } from "../../db/schema";
import { familyNamed } from "../../chains/families";

const chainId = (description = "SPEC §3 chain id") => z.number().int().openapi({ example: -5001, description });

/** SPEC §3 Wallet, as merchant screens see it. */
export const WalletDto = z
  .object({
    _id: z.string(),
    chain: chainId("SPEC §3 chain id it was attached on"),
    chainName: z.string().openapi({ example: "Solana Devnet" }),
    family: z.string().openapi({ example: "solana", description: "Chain family: `evm`, `solana` (one receiving wallet per family)" }),
    chains: z.array(z.number().int()).openapi({ description: "Chains it receives on: every enabled EVM chain for an EVM address" }),
    address: z.string(),
    type: z.enum(WALLET_TYPES).openapi({
      description: "How it was attached: an EVM connector (`metamask` = the browser's injected wallets), `solana` (Wallet Standard) or `manual`",
    }),
    walletName: z.string().nullable().openapi({ example: "Phantom", description: "The connected wallet's own name" }),
    chainSwitchPossible: z.boolean().openapi({ description: "An EVM wallet can switch chains" }),
    proven: z.boolean().openapi({ description: "A signature proved the merchant holds it (false for manual entry)" }),
    valid: z.boolean().openapi({ description: "False once an operator marks the address unusable" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    route: z.string().optional().openapi({ description: "Non-custodial merchants (EVM): the route contract payments go to; `address` is its owner" }),
    hash: z.string().optional().openapi({ description: "Non-custodial merchants (EVM): the route's deploy transaction, when it was deployed while attaching" }),
    walletDeployed: z.boolean().optional().openapi({ description: "Non-custodial merchants (EVM): the route was verified on chain" }),
  })
  .openapi("Wallet");

const chainName = (id: number) => chainById(id)?.name ?? `Chain ${id}`;

export function toWalletDto(row: WalletRow): ReceivingWalletDto {
  return {
    _id: row.id,
    chain: row.chainId,
    chainName: chainName(row.chainId),
    family: row.family as WalletFamily,
    chains: [...row.chains],
    address: row.address,
    type: row.type as WalletType,
    walletName: row.walletName,
    chainSwitchPossible: familyNamed(row.family)?.oneAddressManyChains ?? false,
    proven: row.provenAt !== null,
    valid: row.valid,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.routeAddress && { route: row.routeAddress, walletDeployed: row.deployedAt !== null }),
    ...(row.deployHash && { hash: row.deployHash }),
  };
}

export const WalletNetworksDto = z
  .object({
    chain: chainId("The Solana chain this instance receives on"),
    chains: z.array(z.number().int()).openapi({ description: "Chains the merchant may attach a wallet for (after restrictions)" }),
    wallets: z.array(WalletDto),
  })
  .openapi("WalletNetworks");

export const ChainStatusDto = z
  .object({
    chain: chainId(),
    chainName: z.string(),
    family: z.string(),
    address: z.string().nullable().openapi({ description: "The family's wallet address, when one is attached" }),
    receiving: z.boolean().openapi({ description: "Payments on this chain reach the merchant" }),
    routeFactory: z.string().optional().openapi({ description: "EVM chains with zpay's route factory (where a non-custodial merchant deploys its route)" }),
  })
  .openapi("ChainReceivingStatus");

export const WalletStatusDto = z
  .object({
    canReceive: z.boolean().openapi({ description: "At least one offered chain can receive payments" }),
    nonCustodial: z.boolean().optional().openapi({ description: "The merchant attaches an EVM wallet only with its route contract deployed" }),
    chains: z.array(ChainStatusDto).openapi({ description: "Every chain offered to this merchant, in the instance's order" }),
    wallets: z.array(WalletDto),
  })
  .openapi("WalletNetworksStatus");

export const ProofRequestBody = z
  .object({
    chain: chainId(),
    address: z.string().max(256),
  })
  .openapi("WalletProofRequest");

export const ProofChallengeDto = z
  .object({
    nonce: z.string(),
    message: z.string().openapi({ description: "The exact text to sign (EVM personal_sign, Solana signMessage)" }),
    expiresAt: z.string(),
  })
  .openapi("WalletProofChallenge");

export const AttachBody = z
  .object({
    address: z.string().max(256).openapi({ example: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin" }),
    chain: z.number().int().optional().openapi({ description: "Defaults to the Solana chain this instance receives on" }),
    type: z.enum(WALLET_TYPES).optional().default("manual"),
    walletName: z.string().trim().min(1).max(100).optional().openapi({ description: "The connected wallet's own name (EIP-6963 / Wallet Standard)" }),
    chains: z
      .array(z.number().int())
      .max(64)
      .optional()
      .openapi({ description: "EVM only: the chains this address receives on. Default: every EVM chain offered" }),
    proof: z
      .object({
        nonce: z.string().max(64),
        signature: z.string().max(200).openapi({ description: "EVM: 0x-hex personal_sign signature. Solana: base58 ed25519 signature" }),
      })
      .optional()
      .openapi({ description: "Required for every type but `manual`: the signed challenge from POST /wallet/networks/proof" }),
    version: z.number().int().optional().openapi({ description: "Client's wallet-config version (SPEC §7); informational" }),
    deployHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a transaction hash")
      .optional()
      .openapi({
        description:
          "Non-custodial merchants (EVM): the transaction that deployed the wallet's route through the chain's route factory. Without it the server asks the factory for the wallet's route (get-or-deploy).",
      }),
  })
  .openapi("AttachWalletRequest");
export type AttachBody = z.infer<typeof AttachBody>;
