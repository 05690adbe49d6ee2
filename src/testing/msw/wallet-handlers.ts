/**
 * The story server's receiving-wallet routes (src/server/modules/wallets): the same address rule
 * (src/lib/wallet-address.ts), one wallet per chain family (an EVM address serves every offered
 * EVM chain), proof challenges for connected wallets, and the server's messages
 * (src/lib/wallet-messages.ts). Stories have no wallet keys: any signature of an issued, unused
 * nonce for the same address passes.
 */
import { HttpResponse } from "msw";
import { chainById } from "@/lib/chains";
import { WALLET_TYPES, type ReceivingWalletDto, type WalletType } from "@/lib/receiving-wallets";
import { walletAddressError } from "@/lib/wallet-address";
import { walletFamilyOf } from "@/lib/wallet-families";
import { ADDRESS_HELD_ELSEWHERE, CHAIN_NOT_ALLOWED, PROOF_MESSAGES, alreadyAttachedMessage, noWalletMessage } from "@/lib/wallet-messages";
import { buildWalletProofMessage } from "@/lib/wallet-proof";
import { requireMerchant } from "./auth-handlers";
import { STORY_APP_ORIGIN, STORY_NOW } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

const chainName = (id: number) => chainById(id)?.name ?? `Chain ${id}`;

/** The body's chain, address and type, checked as the server checks them. */
function walletInput(body: Record<string, unknown>) {
  const chain = typeof body.chain === "number" ? body.chain : storyServer.chain;
  if (!storyServer.offeredChains.includes(chain)) throw new StoryApiError(400, "chain_not_allowed", CHAIN_NOT_ALLOWED);
  const raw = String(body.address ?? "");
  const problem = walletAddressError(chain, raw);
  if (problem) throw new StoryApiError(400, "invalid_wallet_address", problem, [{ path: "address", message: problem }]);
  const type = (body.type ?? "manual") as WalletType;
  if (!WALLET_TYPES.includes(type)) throw new StoryApiError(400, "invalid_request", "Invalid type");
  const family = walletFamilyOf(chain);
  const chains = family === "evm" ? storyServer.offeredChains.filter((id) => walletFamilyOf(id) === "evm") : [chain];
  return { chain, address: raw.trim(), type, family, chains, walletName: typeof body.walletName === "string" ? body.walletName : null };
}

/** A connected wallet's proof: a nonce this server issued for this address, used once. */
function checkProof(body: Record<string, unknown>, address: string, type: WalletType) {
  if (type === "manual") return;
  const proof = body.proof as { nonce?: string } | undefined;
  if (!proof?.nonce) throw new StoryApiError(422, "proof_required", PROOF_MESSAGES.required);
  const issued = storyServer.proofNonces.get(proof.nonce);
  if (!issued) throw new StoryApiError(422, "proof_nonce_used", PROOF_MESSAGES.used);
  if (issued.address.toLowerCase() !== address.toLowerCase()) throw new StoryApiError(422, "proof_mismatch", PROOF_MESSAGES.mismatch);
  storyServer.proofNonces.delete(proof.nonce);
}

/** As the server's `refuseAddressHeldElsewhere`: a typed-in address another merchant holds is refused; a proven one is not. */
function refuseHeldElsewhere(address: string, type: WalletType) {
  if (type !== "manual" || !storyServer.heldElsewhere.some((a) => a.toLowerCase() === address.toLowerCase())) return;
  throw new StoryApiError(409, "address_held_elsewhere", ADDRESS_HELD_ELSEWHERE, [{ path: "address", message: ADDRESS_HELD_ELSEWHERE }]);
}

function status() {
  const receiving = (chain: number) => storyServer.wallets.some((w) => w.valid && w.chains.includes(chain));
  const chains = storyServer.offeredChains.map((chain) => ({
    chain,
    chainName: chainName(chain),
    family: walletFamilyOf(chain),
    address: storyServer.wallets.find((w) => w.family === walletFamilyOf(chain))?.address ?? null,
    receiving: receiving(chain),
  }));
  return { canReceive: chains.some((c) => c.receiving), chains, wallets: storyServer.wallets };
}

export const walletHandlers = [
  route("get", "/api/wallet/networks", ({ request }) => {
    requireMerchant(request);
    return { data: { chain: storyServer.chain, chains: storyServer.offeredChains, wallets: storyServer.wallets } };
  }),

  route("get", "/api/wallet/networks/status", ({ request }) => {
    requireMerchant(request);
    return { data: status() };
  }),

  route("post", "/api/wallet/networks/proof", ({ request, body }) => {
    const merchant = requireMerchant(request);
    const { chain, address } = walletInput(body);
    const nonce = `${storyServer.newId("nonce")}`.padEnd(32, "0");
    storyServer.proofNonces.set(nonce, { chain, address });
    const expiresAt = new Date(Date.parse(STORY_NOW) + 300_000).toISOString();
    const { host } = new URL(STORY_APP_ORIGIN);
    const message = buildWalletProofMessage({
      domain: host,
      uri: STORY_APP_ORIGIN,
      merchantId: merchant._id,
      address,
      chainId: chain,
      chainName: chainName(chain),
      nonce,
      issuedAt: STORY_NOW,
      expiresAt,
    });
    return { data: { nonce, message, expiresAt } };
  }),

  route("post", "/api/wallet/networks", ({ request, body }) => {
    requireMerchant(request);
    const input = walletInput(body);
    const existing = storyServer.wallets.find((w) => w.family === input.family);
    if (existing) throw new StoryApiError(409, "already-attached", alreadyAttachedMessage({ chainId: existing.chain, family: existing.family }));
    checkProof(body, input.address, input.type);
    refuseHeldElsewhere(input.address, input.type);
    const wallet: ReceivingWalletDto = {
      _id: storyServer.newId("w"),
      chain: input.chain,
      chainName: chainName(input.chain),
      family: input.family,
      chains: input.chains,
      address: input.address,
      type: input.type,
      walletName: input.type === "manual" ? null : input.walletName,
      chainSwitchPossible: input.family === "evm",
      proven: input.type !== "manual",
      valid: true,
      createdAt: STORY_NOW,
      updatedAt: STORY_NOW,
    };
    storyServer.wallets.push(wallet);
    return HttpResponse.json({ data: { wallet } }, { status: 201 });
  }),

  route("post", "/api/wallet/networks/update-address", ({ request, body }) => {
    requireMerchant(request);
    const input = walletInput(body);
    const index = storyServer.wallets.findIndex((w) => w.family === input.family);
    if (index < 0) throw new StoryApiError(404, "wallet_not_found", noWalletMessage(input.chain, input.family));
    checkProof(body, input.address, input.type);
    refuseHeldElsewhere(input.address, input.type);
    const wallet: ReceivingWalletDto = {
      ...storyServer.wallets[index]!,
      chain: input.chain,
      chainName: chainName(input.chain),
      address: input.address,
      type: input.type,
      walletName: input.type === "manual" ? null : input.walletName,
      proven: input.type !== "manual",
      updatedAt: STORY_NOW,
    };
    storyServer.wallets[index] = wallet;
    return { data: { wallet } };
  }),
];
