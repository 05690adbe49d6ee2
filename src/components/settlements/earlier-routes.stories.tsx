import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { EarlierRouteDto } from "@/lib/settlements";
import { EarlierRoutes } from "./earlier-routes";

const USDC = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const USDT = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const OLD_OWNER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const EXCHANGE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/** Two replaced wallets: the first route still holds USDC and USDT, the second settles to an exchange it chose. */
const routes: EarlierRouteDto[] = [
  {
    route: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    chain: 31337,
    owner: OLD_OWNER,
    settlementAddress: OLD_OWNER,
    balances: [
      { symbol: "USDC", tokenAddress: USDC, decimals: 6, amount: "3750000" },
      { symbol: "USDT", tokenAddress: USDT, decimals: 6, amount: "120000000" },
    ],
  },
  {
    route: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    chain: 31337,
    owner: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
    settlementAddress: EXCHANGE,
    balances: [
      { symbol: "USDC", tokenAddress: USDC, decimals: 6, amount: "990000" },
      { symbol: "USDT", tokenAddress: USDT, decimals: 6, amount: "0" },
    ],
  },
];

const meta = {
  title: "Settlements/EarlierRoutes",
  component: EarlierRoutes,
  args: { routes, busy: false, onRun: fn() },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof EarlierRoutes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each route with money left, with its owner; settling a balance asks for the whole of it, to that route's settlement address. */
export const TwoRoutesHoldMoney: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "Routes of replaced wallets" })).toBeVisible();
    await expect(c.getAllByRole("button", { name: /^Settle all/ })).toHaveLength(3);
    await userEvent.click(c.getAllByRole("button", { name: "Settle all USDC" })[1]!);
    await expect(args.onRun).toHaveBeenCalledWith({ action: "settle", route: routes[1]!.route, token: "USDC", to: EXCHANGE, amount: "990000" });
  },
};

/** Waiting for a wallet: the settle buttons wait too. */
export const WaitingForTheWallet: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole("button", { name: /^Settle all/ })) await expect(button).toBeDisabled();
  },
};

/** Earlier routes that hold nothing are not shown at all (the baseline is blank). */
export const NothingLeft: Story = {
  args: { routes: routes.map((r) => ({ ...r, balances: r.balances.map((b) => ({ ...b, amount: "0" })) })) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("heading")).toBeNull();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Routes des portefeuilles remplacés" })).toBeVisible();
  },
};

export const FrenchOnAPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("button", { name: "Tout régler en USDC" })[0]).toBeVisible();
  },
};

export const OnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Settle all USDT" })).toBeVisible();
  },
};
