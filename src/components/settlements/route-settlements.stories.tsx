import type { Meta, StoryObj } from "@storybook/react-vite";
import { http, HttpResponse } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { announceEvmWallet } from "@/components/wallet/wallet-connect-dialog/story-wallets";
import type { SettlementDto, UnsettledDto } from "@/lib/settlements";
import { merchantApi } from "@/stores/merchant-api";
import { answering, failing, stalled } from "@/testing/msw/overrides";
import { RouteSettlements } from "./route-settlements";
import { EXCHANGE, OWNER, ROUTE, routeHolding, usdcSettlement } from "./story-fixtures";

const UNSETTLED = "/api/v2/settlements/read-unsettled";
const HISTORY = "/api/v2/settlements/read-history";
const RUN = "/api/v2/settlements/run";

const holding = routeHolding("12500000", "3000000");
const empty: UnsettledDto = { ...holding, balances: holding.balances.map((b) => ({ ...b, amount: "0" })) };
const history: SettlementDto[] = [
  usdcSettlement(EXCHANGE, "1000000", "ab", "19"),
];

/** The server's two answers the card loads with. */
const route = (unsettled: UnsettledDto, settled: SettlementDto[]) => [answering("post", UNSETTLED, { data: unsettled }), answering("post", HISTORY, { data: settled })];

const meta = {
  title: "Settlements/RouteSettlements",
  component: RouteSettlements,
  args: { api: merchantApi },
  parameters: { merchantSession: true, toastBar: true, msw: { handlers: route(holding, history) } },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof RouteSettlements>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled("/api/v2/settlements/*")] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading your route contract…" })).toBeVisible();
  },
};

/** What the route holds, token by token, and the settlement made so far. */
export const BalancesShown: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId("unsettled-USDC")).toHaveTextContent("12.5");
    await expect(c.getByTestId("unsettled-USDT")).toHaveTextContent("3");
    await expect(c.getByTestId("settlement-history").querySelectorAll("li")).toHaveLength(1);
  },
};

/** Everything settled already: zero of each token, and no settlement listed yet. */
export const NothingToSettle: Story = {
  parameters: { msw: { handlers: route(empty, []) } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId("unsettled-USDC")).toHaveTextContent(/^0$/);
    await expect(c.getByText("No settlement yet.")).toBeVisible();
  },
};

/** A merchant without a route contract: the card is not shown at all. */
export const NoRoute: Story = {
  parameters: { msw: { handlers: route({ route: null, chain: null, owner: null, settlementAddress: null, balances: [], earlierRoutes: [] }, []) } },
  play: async ({ canvasElement }) => {
    // Nothing appears: once the answer is in (the spinner goes) neither the card nor an error shows.
    const c = within(canvasElement);
    await waitFor(() => expect(c.queryByRole("status")).toBeNull());
    await expect(c.queryByRole("heading", { name: "Route contract" })).toBeNull();
    await expect(c.queryByRole("alert")).toBeNull();
  },
};

/** The server failed: the reason and a retry, which loads the card once the server answers. */
export const LoadFailedThenRetried: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(UNSETTLED, () => HttpResponse.json({ message: "Internal server error", code: "internal" }, { status: 500 }), { once: true }),
        ...route(holding, history),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("Your route contract could not be loaded.");
    await userEvent.click(c.getByRole("button", { name: "Try again" }));
    await expect(await c.findByTestId("unsettled-USDC")).toHaveTextContent("12.5");
  },
};

/** Settling with no EVM wallet in this browser: the call is built, then the card says why it cannot be sent. */
export const NoWalletInThisBrowser: Story = {
  parameters: { msw: { handlers: [...route(holding, history), answering("post", RUN, { data: { chain: 31337, from: OWNER, to: ROUTE, data: "0x" } })] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText("Amount"), "5");
    await userEvent.click(c.getByRole("button", { name: "Settle" }));
    await expect(await c.findByText("No EVM wallet was found in this browser.")).toBeVisible();
    await expect(c.getByRole("button", { name: "Settle" })).toBeEnabled();
  },
};

/** The wallet here is not the route's owner: the card names the one to connect. */
export const WrongWalletConnected: Story = {
  beforeEach: () => announceEvmWallet({ name: "Rabby", address: EXCHANGE }),
  parameters: { msw: { handlers: [...route(holding, history), answering("post", RUN, { data: { chain: 31337, from: OWNER, to: ROUTE, data: "0x" } })] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText("Amount"), "5");
    await userEvent.click(c.getByRole("button", { name: "Settle" }));
    await expect(await c.findByText(`Connect the wallet that owns the route (${OWNER}).`)).toBeVisible();
  },
};

/** The server refused to build the call: its words show. */
export const RefusedByTheServer: Story = {
  parameters: { msw: { handlers: [...route(holding, history), failing("post", RUN, 400, "invalid_request", "The route holds less than this amount.")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText("Amount"), "500");
    await userEvent.click(c.getByRole("button", { name: "Settle" }));
    await expect(await c.findByText("The route holds less than this amount.")).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Contrat de route" })).toBeVisible();
  },
};

export const FrenchLoadFailedOnAPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  parameters: { msw: { handlers: [failing("post", UNSETTLED), ...route(holding, history)] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("Votre contrat de route n’a pas pu être chargé.");
    await expect(c.getByRole("button", { name: "Réessayer" })).toBeVisible();
  },
};

export const BalancesOnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId("unsettled-USDT")).toHaveTextContent("3");
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
