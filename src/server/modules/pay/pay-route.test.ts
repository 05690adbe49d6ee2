import { erc20Abi, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { routeFactoryAbi } from "../../chains/evm/route-abi";
import { TEST_BACKENDS } from "../../testing/databases";
import { evmWalletOf, fundedEvmAccount, fundedEvmPayer, payEvm } from "../../testing/evm-pay-fixture";
import { evmPaySuite } from "../../testing/evm-pay-suite";
import { callJson } from "../../testing/pay-fixture";
import { attachWalletAndLink } from "../../testing/pay-apps";
import { signInMerchant } from "../../testing/merchants";
import { until } from "../../testing/webhook-receiver";
import { prove } from "../wallets/test-kit";
import { MERCHANT_CANNOT_RECEIVE } from "./start";

const A = 31337;
const B = 31338;

/**
 * A non-custodial merchant is paid into its route contract, the watcher credits the payment as any
 * other, and only the merchant's wallet settles it out, with the call the server builds.
 */
describe.each(TEST_BACKENDS)("paying a non-custodial merchant's route (%s)", (kind) => {
  const suite = evmPaySuite(kind);

  it("the payment goes to the route, is paid then validated, and the owner settles it to itself", async () => {
    const merchant = await signInMerchant(suite.f.app);
    expect((await callJson(suite.f.app, "POST", "/api/sandbox/non-custodial", { nonCustodial: true }, merchant.auth)).status).toBe(200);
    const { sandbox, client } = suite.f.chains[A]!;
    const owner = await fundedEvmAccount(suite.f, A);
    const wallet = evmWalletOf(suite.f, A, owner);
    const deployHash = await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" });
    await client.waitForTransactionReceipt({ hash: deployHash });
    const route = await client.readContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "routeOf", args: [owner.address] });

    const { proof } = await prove(suite.f.app, merchant.auth, A, { address: owner.address, sign: (message) => owner.signMessage({ message }) });
    const { link } = await attachWalletAndLink(
      suite.f,
      merchant,
      { address: owner.address, chain: A, type: "metamask", proof, deployHash, version: 1 },
      { label: "Route coffee", price: "3", currency: "USDC" },
    );

    const payer = await fundedEvmPayer(suite.f, A, "USDC", 10_000_000n);
    const startBody = { chainId: A, token: "USDC", payer: payer.address, sessionId: "session-route-a" };
    const started = await callJson(suite.f.payments, "POST", `/api/pay/${link.hashedId}/start`, startBody);
    expect(started.status).toBe(200);
    const info = started.body.data as PaymentTransactionInfo;
    expect(info).toMatchObject({ recipient: route, address: route, amountWei: "3000000" });
    // The route lives on chain A only: chain B has no receiving wallet for this merchant.
    const onB = await callJson(suite.f.payments, "POST", `/api/pay/${link.hashedId}/start`, { ...startBody, chainId: B, sessionId: "session-route-b" });
    expect(onB).toMatchObject({ status: 409, body: { message: MERCHANT_CANNOT_RECEIVE } });

    const hash = await payEvm(suite.f, payer, info);
    const progress = async () => (await callJson(suite.f.payments, "GET", `/api/pay/transactions/${info.payment}`)).body?.data;
    const becomes = (status: string) => until(async () => ((await progress())?.status === status ? progress() : undefined), status);
    expect(await becomes("paid")).toMatchObject({ hash, receivedAmount: "3000000" });
    await suite.f.mine(A, 2);
    await becomes("validated");
    expect(await client.readContract({ address: sandbox.tokens.USDC, abi: erc20Abi, functionName: "balanceOf", args: [route] })).toBe(3_000_000n);

    const built = await callJson(suite.f.app, "POST", "/api/v2/settlements/run", { action: "settle", token: "USDC", to: owner.address, amount: "3000000" }, merchant.auth);
    expect(built.status).toBe(200);
    const sent = await wallet.sendTransaction({ to: built.body.data.to as Hex, data: built.body.data.data as Hex });
    expect((await client.waitForTransactionReceipt({ hash: sent })).status).toBe("success");
    expect(await client.readContract({ address: sandbox.tokens.USDC, abi: erc20Abi, functionName: "balanceOf", args: [owner.address] })).toBe(3_000_000n);
  });
});
