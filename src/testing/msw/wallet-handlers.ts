/**
 * The story server's receiving-wallet routes (src/server/modules/wallets): the same address rule
 * as the form and the server (src/lib/wallet-address.ts), one wallet per chain.
 */
import { HttpResponse } from "msw";
import { chainById } from "@/lib/chains";
import { walletAddressError } from "@/lib/wallet-address";
import { requireMerchant } from "./auth-handlers";
import { STORY_NOW } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

export const walletHandlers = [
  route("get", "/api/wallet/networks", ({ request }) => {
    requireMerchant(request);
    return { data: { chain: storyServer.chain, wallets: storyServer.wallets } };
  }),

  route("post", "/api/wallet/networks", ({ request, body }) => {
    requireMerchant(request);
    const chainId = typeof body.chain === "number" ? body.chain : storyServer.chain;
    if (chainId !== storyServer.chain) {
      throw new StoryApiError(400, "unsupported_chain", `This instance receives payments on chain ${storyServer.chain} only`);
    }
    const address = String(body.address ?? "");
    const problem = walletAddressError(chainId, address);
    if (problem) throw new StoryApiError(400, "invalid_wallet_address", problem, [{ path: "address", message: problem }]);
    const chainName = chainById(chainId)?.name ?? `chain ${chainId}`;
    if (storyServer.wallets.some((w) => w.chain === chainId)) {
      throw new StoryApiError(409, "already-attached", `A receiving wallet is already attached on ${chainName}.`);
    }
    const wallet = {
      _id: storyServer.newId("w"),
      chain: chainId,
      chainName,
      address: address.trim(),
      type: "manual" as const,
      valid: true,
      createdAt: STORY_NOW,
    };
    storyServer.wallets.push(wallet);
    return HttpResponse.json({ data: { wallet } }, { status: 201 });
  }),
];
