import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { paymentStores } from "@/stores/payment";
import { fakePayApi, LOCAL_EVM_A, LOCAL_EVM_B, MULTI_CHAIN_PRODUCT } from "../testing/fake-pay";
import { EvmPayContainer } from "./evm-pay-container";

/**
 * The real EVM container: wagmi discovers the wallets this story announces through EIP-6963
 * (two fake browser wallets) and talks to them over EIP-1193; nothing reaches a network.
 */
type Handler = (args: { method: string; params?: unknown }) => unknown;
const walletIcon = (fill: string) => `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${fill}"/></svg>`)}`;
const ACCOUNT = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

/** A browser wallet on `chainId` that answers what wagmi asks when connecting; `refuseChains` makes it refuse every network switch. */
function fakeWallet(name: string, fill: string, { chainId = LOCAL_EVM_A, refuseChains = false } = {}): { provider: { request: Handler }; info: object } {
  let connected = false;
  const fail = (code: number, message: string) => Promise.reject(Object.assign(new Error(message), { code }));
  const request = async ({ method }: { method: string; params?: unknown }) => {
    switch (method) {
      case "eth_requestAccounts":
        connected = true;
        return [ACCOUNT];
      case "eth_accounts":
        return connected ? [ACCOUNT] : [];
      case "eth_chainId":
        return `0x${chainId.toString(16)}`;
      case "wallet_requestPermissions":
      case "wallet_getPermissions":
        connected = true;
        return [{ parentCapability: "eth_accounts" }];
      case "wallet_revokePermissions":
        connected = false;
        return null;
      case "wallet_switchEthereumChain":
        return refuseChains ? fail(4902, "Unrecognized chain ID.") : null;
      case "wallet_addEthereumChain":
        return fail(-32603, "This network is not supported by the wallet.");
      default:
        return fail(4200, `${method} is not supported`);
    }
  };
  return { provider: { request, on() {}, removeListener() {} } as never, info: { uuid: crypto.randomUUID(), name, icon: walletIcon(fill), rdns: `dev.zpay.story.${name.toLowerCase().replace(/\W/g, "")}` } };
}

/** Announces the wallets now and whenever a page asks (EIP-6963); returns the cleanup. */
function announce(...wallets: ReturnType<typeof fakeWallet>[]): () => void {
  const send = () => {
    for (const w of wallets) window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info: w.info, provider: w.provider }) }));
  };
  window.addEventListener("eip6963:requestProvider", send);
  send();
  return () => window.removeEventListener("eip6963:requestProvider", send);
}

const api = fakePayApi(MULTI_CHAIN_PRODUCT, {
  getConfig: async () => ({
    contractsMeta: {
      [String(LOCAL_EVM_A)]: { name: "Local EVM A", network: "local", rpcUrl: "http://127.0.0.1:1" },
      [String(LOCAL_EVM_B)]: { name: "Local EVM B", network: "local", rpcUrl: "http://127.0.0.1:2" },
    } as never,
  }),
});

const meta = {
  title: "Pay/EvmPayContainer",
  component: EvmPayContainer,
  parameters: { layout: "fullscreen", toastBar: true },
  args: { productId: MULTI_CHAIN_PRODUCT.id, api, product: MULTI_CHAIN_PRODUCT },
  beforeEach: () => {
    paymentStores.forgetPayment();
    paymentStores.resetFlow();
    paymentStores.setStage("details-screen");
    for (const key of Object.keys(localStorage)) if (key.startsWith("zpay.pay.evm")) localStorage.removeItem(key);
  },
} satisfies Meta<typeof EvmPayContainer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two browser wallets announce themselves: each is listed by its name and icon, then Coinbase Wallet (no WalletConnect without a project id). */
export const WalletsAnnouncedByTheBrowser: Story = {
  beforeEach: () => announce(fakeWallet("Story Wallet One", "#0ea5e9"), fakeWallet("Story Wallet Two", "#a855f7")),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const list = await c.findByRole("list", { name: "Wallets you can pay with" });
    await waitFor(() => expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["Connect Story Wallet One", "Connect Story Wallet Two", "Connect Coinbase Wallet"]));
    await expect(list.querySelector("img")).toHaveAttribute("src", expect.stringMatching(/^data:image\/svg\+xml/));
  },
};

/** Connected on chain A: paying waits until the wallet is on the chain B the payer picks. */
export const ConnectedThenNeedsSwitch: Story = {
  beforeEach: () => announce(fakeWallet("Story Wallet One", "#0ea5e9")),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Connect Story Wallet One" }));
    await expect(await c.findByText("0x70997970C…e0d17dc79C8")).toBeVisible();
    await userEvent.click(c.getByRole("radio", { name: "Local EVM B" }));
    await expect(await c.findByRole("button", { name: "Switch to Local EVM B" })).toBeVisible();
    await expect(c.getByRole("button", { name: /^Pay/ })).toBeDisabled();
  },
};

/** SPEC §4 chain not allowed: the wallet refuses the network, so it is disconnected and forgotten, with a toast. */
export const ChainNotAllowed: Story = {
  beforeEach: () => announce(fakeWallet("Story Wallet One", "#0ea5e9", { refuseChains: true })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Connect Story Wallet One" }));
    await userEvent.click(await c.findByRole("radio", { name: "Local EVM B" }));
    await userEvent.click(await c.findByRole("button", { name: "Switch to Local EVM B" }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByText(/Your wallet cannot pay on Local EVM B, so it was disconnected/)).toBeVisible();
    await expect(await c.findByRole("button", { name: "Connect Story Wallet One" })).toBeEnabled();
    await expect(localStorage.getItem("zpay.pay.evm.recentConnectorId")).toBeNull();
  },
};
