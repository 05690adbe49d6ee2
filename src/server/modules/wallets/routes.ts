import { createRoute, z } from "@hono/zod-openapi";
import { solanaChainFor } from "@/lib/chains";
import { ROUTE_MESSAGES } from "@/lib/route-messages";
import { TokenSchema } from "../chains";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { clientAddress } from "../../http/client-address";
import { ApiError } from "../../http/errors";
import { errorResponses, jsonContent } from "../../http/openapi";
import { requireFreshSignIn, requireMerchant, signinSite } from "../auth";
import { AttachBody, ProofChallengeDto, ProofRequestBody, WalletDto, WalletNetworksDto, WalletStatusDto, toWalletDto } from "./dto";
import { assertChainOffered, offeredChains, receivingChainsFor } from "./offered-chains";
import { issueWalletProof } from "./proofs";
import { verifyRoute } from "./route-check";
import { attachWallet, listWallets, normaliseAddress, updateWalletAddress, type WalletInput } from "./service";
import { receivableTokens, walletStatus } from "./status";
import { familyOfChain } from "../../chains/families";

export { WalletDto, toWalletDto } from "./dto";

const security = [{ bearer: [] }];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

const listRoute = createRoute({
  method: "get",
  path: "/wallet/networks",
  tags: ["Wallets"],
  summary: "The merchant's receiving wallets",
  description: "`chain` is the Solana chain this instance receives on; `chains` every chain the merchant may attach a wallet for.",
  security,
  responses: { 200: jsonContent(data(WalletNetworksDto), "Wallets, oldest first"), ...errorResponses(401, 403) },
});

const statusRoute = createRoute({
  method: "get",
  path: "/wallet/networks/status",
  tags: ["Wallets"],
  summary: "What receives payments, per chain",
  description:
    "Every chain offered to the merchant (the instance's chains, limited by the merchant's `restrictUserToChains`, else by the operator's RESTRICTED_NETWORKS) with its family's address and whether payments there reach the merchant.",
  security,
  responses: { 200: jsonContent(data(WalletStatusDto), "Per-chain status"), ...errorResponses(401, 403) },
});

const tokensRoute = createRoute({
  method: "get",
  path: "/wallet/tokens",
  tags: ["Wallets"],
  summary: "Tokens the merchant can receive",
  description: "The settlement tokens of every offered chain on which a receiving wallet is attached.",
  security,
  responses: { 200: jsonContent(data(z.object({ tokens: z.array(TokenSchema) })), "Tokens per chain"), ...errorResponses(401, 403) },
});

const proofRoute = createRoute({
  method: "post",
  path: "/wallet/networks/proof",
  tags: ["Wallets"],
  summary: "A challenge for a connected wallet to sign",
  description:
    "The message names the site, the merchant, the address, the chain and a single-use nonce valid for 5 minutes. Sign it with `personal_sign` (EVM) or `signMessage` (Solana) and send it back as `proof` when attaching.",
  security,
  request: { body: { content: { "application/json": { schema: ProofRequestBody } }, required: true } },
  responses: { 200: jsonContent(data(ProofChallengeDto), "The challenge"), ...errorResponses(400, 401, 403) },
});

const attachRoute = createRoute({
  method: "post",
  path: "/wallet/networks",
  tags: ["Wallets"],
  summary: "Attach a receiving wallet",
  description:
    "By manual entry (`type: manual`) or by a connected wallet with its signed `proof`. Checked with the SPEC §5 rule of the chain. One wallet per chain family: an EVM address serves every EVM chain in `chains`. A second one for a family answers 409 `already-attached` (its message is HTML). Needs a recent sign-in. A non-custodial merchant's EVM wallet must be connected and own a route contract on the chain (send `deployHash` after deploying it, or nothing when the factory already has it); payments then go to the route.",
  security,
  request: { body: { content: { "application/json": { schema: AttachBody } }, required: true } },
  responses: {
    201: jsonContent(data(z.object({ wallet: WalletDto })), "Attached"),
    ...errorResponses(400, 401, 403, 409, 422, 503),
  },
});

const updateRoute = createRoute({
  method: "post",
  path: "/wallet/networks/update-address",
  tags: ["Wallets"],
  summary: "Change a receiving address",
  description:
    "Replaces the address of the merchant's wallet for the chain's family, with the same checks as attaching. Needs a recent sign-in; every change is recorded with who and when. Payments already started keep the address they started with. A non-custodial merchant's replaced route is kept: Settlements still shows what it holds, and its owner (the replaced wallet) settles it.",
  security,
  request: { body: { content: { "application/json": { schema: AttachBody } }, required: true } },
  responses: {
    200: jsonContent(data(z.object({ wallet: WalletDto })), "Changed"),
    ...errorResponses(400, 401, 403, 404, 422, 503),
  },
});

export function walletRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const solanaChain = deps.chains.solana?.chainId ?? solanaChainFor(deps.env.ZPAY_MODE);
  const site = signinSite(deps.env);
  const router = createRouter();
  router.use("/wallet/*", requireMerchant(db));
  // Where payouts go: attaching or changing needs a recent sign-in (a stolen session cannot redirect them).
  router.post("/wallet/networks", requireFreshSignIn(deps.env.FRESH_SIGN_IN_MINUTES));
  router.post("/wallet/networks/update-address", requireFreshSignIn(deps.env.FRESH_SIGN_IN_MINUTES));

  /**
   * The request as the service wants it: an offered chain, its receiving chains checked. A
   * non-custodial merchant's EVM wallet must be a connected one whose route the chain confirms
   * (SPEC §6); it then receives on that chain only, where its route exists.
   */
  const walletInput = async (user: Parameters<typeof offeredChains>[1], body: AttachBody): Promise<WalletInput> => {
    const chainId = body.chain ?? solanaChain;
    assertChainOffered(deps, user, chainId);
    const input: WalletInput = {
      chainId,
      address: body.address,
      type: body.type,
      walletName: body.walletName,
      chains: receivingChainsFor(offeredChains(deps, user), chainId, body.chains),
      proof: body.proof,
    };
    // A non-custodial merchant receives through a route contract where the family has them (EVM).
    if (!user.settings.isNonCustodial || !familyOfChain(chainId)?.routeContracts) return input;
    if (body.type === "manual") throw new ApiError(400, "route_needs_connected_wallet", ROUTE_MESSAGES.manual, [{ path: "type", message: ROUTE_MESSAGES.manual }]);
    const owner = normaliseAddress(chainId, body.address) as `0x${string}`;
    const route = await verifyRoute(deps, chainId, owner, body.deployHash as `0x${string}` | undefined);
    return { ...input, chains: [chainId], route };
  };

  return router
    .openapi(listRoute, async (c) => {
      const wallets = await listWallets(db, c.var.user.id);
      return c.json({ data: { chain: solanaChain, chains: offeredChains(deps, c.var.user), wallets: wallets.map(toWalletDto) } }, 200);
    })
    .openapi(statusRoute, async (c) => {
      const wallets = await listWallets(db, c.var.user.id);
      const factories = new Map(deps.chains.evm.flatMap((e) => (e.routeFactory ? [[e.chainId, e.routeFactory] as const] : [])));
      return c.json({ data: walletStatus(offeredChains(deps, c.var.user), wallets, { nonCustodial: c.var.user.settings.isNonCustodial, factories }) }, 200);
    })
    .openapi(tokensRoute, async (c) => {
      const wallets = await listWallets(db, c.var.user.id);
      return c.json({ data: { tokens: receivableTokens(deps, offeredChains(deps, c.var.user), wallets) } }, 200);
    })
    .openapi(proofRoute, async (c) => {
      const body = c.req.valid("json");
      assertChainOffered(deps, c.var.user, body.chain);
      const address = normaliseAddress(body.chain, body.address);
      const challenge = await issueWalletProof(db, { userId: c.var.user.id, chainId: body.chain, address, site });
      return c.json({ data: challenge }, 200);
    })
    .openapi(attachRoute, async (c) => {
      const input = await walletInput(c.var.user, c.req.valid("json"));
      const wallet = await attachWallet(db, c.var.user.id, input);
      c.var.log.info({ userId: c.var.user.id, chainId: input.chainId, family: wallet.family, type: wallet.type }, "receiving wallet attached");
      return c.json({ data: { wallet: toWalletDto(wallet) } }, 201);
    })
    .openapi(updateRoute, async (c) => {
      const input = await walletInput(c.var.user, c.req.valid("json"));
      const { wallet } = await updateWalletAddress(db, c.var.user.id, input, {
        signedInAs: c.var.user.publicKey,
        signedInAt: c.var.signedInAt,
        clientAddress: clientAddress(c, deps.env.TRUST_PROXY),
      });
      c.var.log.warn({ userId: c.var.user.id, chainId: input.chainId, family: wallet.family, type: wallet.type }, "receiving address changed");
      return c.json({ data: { wallet: toWalletDto(wallet) } }, 200);
    });
}
