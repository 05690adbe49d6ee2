import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { EarlierRouteDto, SettlementDto } from "@/lib/settlements";
import { RouteSettlementsView } from "./route-settlements-view";
import { EXCHANGE, OWNER, USDC, USDT, routeHolding, usdcSettlement } from "./story-fixtures";

const unsettled = routeHolding("12500000", "0");
const history: SettlementDto[] = [usdcSettlement(EXCHANGE, "1000000", "ab", "19"), usdcSettlement(OWNER, "2000000", "cd", "17")];

/** The route of a wallet the merchant replaced: 3.75 USDC still in it, only the old wallet can move it. */
const OLD_ROUTE = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const OLD_OWNER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const earlierRoute: EarlierRouteDto = {
  route: OLD_ROUTE,
  chain: 31337,
  owner: OLD_OWNER,
  settlementAddress: OLD_OWNER,
  balances: [
    { symbol: "USDC", tokenAddress: USDC, decimals: 6, amount: "3750000" },
    { symbol: "USDT", tokenAddress: USDT, decimals: 6, amount: "0" },
  ],
};
const withEarlierRoute = { ...unsettled, earlierRoutes: [earlierRoute] };
const historyWithEarlier: SettlementDto[] = [
  ...history,
  usdcSettlement(OLD_OWNER, "500000", "ef", "9", OLD_ROUTE),
];

const meta = {
  title: "Settlements/RouteSettlementsView",
  component: RouteSettlementsView,
  args: { unsettled, history, busy: false, error: null, onRun: fn() },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof RouteSettlementsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the route holds and its two settlements; settling 5 USDC to the settlement address asks for that call in base units. */
export const HoldsUsdcWithTwoSettlements: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("unsettled-USDC")).toHaveTextContent("12.5");
    await expect(c.getByTestId("settlement-history").querySelectorAll("li")).toHaveLength(2);
    await userEvent.type(c.getByLabelText("Amount"), "5");
    await userEvent.click(c.getByRole("button", { name: "Settle" }));
    await expect(args.onRun).toHaveBeenCalledWith({ action: "settle", token: "USDC", to: OWNER, amount: "5000000" });
  },
};

/** An amount of zero is refused before any call is built. */
export const ZeroAmountRefused: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText("Amount"), "0");
    await userEvent.click(c.getByRole("button", { name: "Settle" }));
    await expect(c.getByText("Enter an amount greater than zero.")).toBeVisible();
    await expect(args.onRun).not.toHaveBeenCalled();
  },
};

/** Whitelisting an address asks for the addWhitelist call. */
export const WhitelistsAnAddress: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText("Address"), EXCHANGE);
    await userEvent.click(c.getByRole("button", { name: "Add to whitelist" }));
    await expect(args.onRun).toHaveBeenCalledWith({ action: "addWhitelist", address: EXCHANGE });
  },
};

/** The chain refused a settle: the reason shows, nothing settled yet. */
export const RefusedByTheNetwork: Story = {
  args: { history: [], error: "The network refused this transaction." },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("The network refused this transaction.");
    await expect(c.getByText("No settlement yet.")).toBeVisible();
  },
};

/** Waiting for the wallet: every action is disabled. */
export const WaitingForTheWallet: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Settle" })).toBeDisabled();
    await expect(c.getByText(/^Confirm the transaction in your wallet/)).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Contrat de route" })).toBeVisible();
  },
};

export const FrenchOnAPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Régler" })).toBeVisible();
  },
};

export const OnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("unsettled-USDC")).toHaveTextContent("12.5");
  },
};

/** A replaced wallet's route still holds 3.75 USDC: it is listed with its owner, and settling it all asks for a call on that route, to its settlement address. */
export const EarlierRouteStillHoldsMoney: Story = {
  args: { unsettled: withEarlierRoute, history: historyWithEarlier },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const earlier = within(c.getByTestId("earlier-routes"));
    await expect(earlier.getByRole("heading", { name: "Routes of replaced wallets" })).toBeVisible();
    await expect(earlier.getByTestId(`earlier-${OLD_ROUTE}-USDC`)).toHaveTextContent("3.75 USDC");
    await expect(earlier.queryByTestId(`earlier-${OLD_ROUTE}-USDT`)).toBeNull();
    await expect(c.getByText("from an earlier route")).toBeVisible();
    await userEvent.click(earlier.getByRole("button", { name: "Settle all USDC" }));
    await expect(args.onRun).toHaveBeenCalledWith({ action: "settle", route: OLD_ROUTE, token: "USDC", to: OLD_OWNER, amount: "3750000" });
  },
};

/** No current route any more (the merchant's wallet is no longer a route wallet), but an earlier route holds money: only that part shows. */
export const OnlyAnEarlierRoute: Story = {
  args: { unsettled: { route: null, chain: null, owner: null, settlementAddress: null, balances: [], earlierRoutes: [earlierRoute] }, history: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Settle all USDC" })).toBeVisible();
    await expect(c.queryByRole("button", { name: "Settle" })).toBeNull();
  },
};

/**
 * On a 360 px phone, settling an earlier route from a wallet that does not own it: the message
 * names the owner's whole address, which wraps inside the card instead of widening the page
 * (it used to widen the page to 466 px).
 */
export const WrongWalletOnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  args: { unsettled: withEarlierRoute, history: [], error: `Connect the wallet that owns the route (${OLD_OWNER}).` },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveTextContent(OLD_OWNER);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await expect(alert.getBoundingClientRect().right).toBeLessThanOrEqual(360);
  },
};
