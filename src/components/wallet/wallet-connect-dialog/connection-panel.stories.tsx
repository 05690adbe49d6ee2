import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ConnectionPanel } from "./connection-panel";
import { fakeWallet } from "./story-fakes";

const phantom = fakeWallet("Phantom", "solana", "#ab9ff2");
const metaMask = fakeWallet("MetaMask", "evm", "#f6851b");
const SOLANA_ADDRESS = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const EVM_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

const meta = {
  title: "Wallet/WalletConnectDialog/ConnectionPanel",
  component: ConnectionPanel,
  args: { state: { phase: "connecting", wallet: phantom }, mode: "connect", onConfirm: fn(), onRelease: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof ConnectionPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The wallet is asked for its account. */
export const Connecting: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeVisible();
  },
};

/** Connected: the Solana address as its first and last 11 characters, and the proof to sign. */
export const ConnectedSolana: Story = {
  args: { state: { phase: "connected", wallet: phantom, address: SOLANA_ADDRESS } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(`${SOLANA_ADDRESS.slice(0, 11)}…${SOLANA_ADDRESS.slice(-11)}`)).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Sign and attach" }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

/** Waiting for the wallet's signature: both actions wait too. */
export const Signing: Story = {
  args: { state: { phase: "signing", wallet: metaMask, address: EVM_ADDRESS } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("status").some((s) => s.textContent?.includes("MetaMask"))).toBe(true);
  },
};

/** The wallet refused to sign: said in place, the wallet stays connected to try again. */
export const SignatureRefused: Story = {
  args: { state: { phase: "failed", wallet: metaMask, address: EVM_ADDRESS, reason: "signature", message: "" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("MetaMask");
  },
};

/** Deployer mode hands the connected wallet over: no proof hint. */
export const DeployerConnected: Story = {
  args: { mode: "deployer", state: { phase: "connected", wallet: metaMask, address: EVM_ADDRESS } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("alert")).toBeNull();
  },
};

export const FrenchSaving: Story = {
  globals: { locale: "fr" },
  args: { state: { phase: "saving", wallet: phantom, address: SOLANA_ADDRESS } },
  play: async ({ canvasElement }) => {
    // While saving, both actions (another wallet, sign) wait.
    await expect(within(canvasElement).getAllByRole("button").filter((b) => b.hasAttribute("disabled")).length).toBe(2);
  },
};
