import type { Meta, StoryObj } from "@storybook/react-vite";
import { http, HttpResponse } from "msw";
import { expect, userEvent, within } from "storybook/test";
import { LOCAL_EVM_CHAIN_B_ID, LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import type { ReceivingWalletDto } from "@/lib/receiving-wallets";
import type { UnsettledDto } from "@/lib/settlements";
import { merchantApi } from "@/stores/merchant-api";
import { storyWallet } from "@/testing/msw/fixtures";
import { storyServer } from "@/testing/msw/store";
import { answering, failing, stalled } from "@/testing/msw/overrides";
import { OWNER, ROUTE, routeHolding } from "@/components/settlements/story-fixtures";
import { announceEvmWallet } from "@/components/wallet/wallet-connect-dialog/story-wallets";
import { DepositsPanel } from "./deposits-panel";

const SANDBOX = [SOLANA_DEVNET, LOCAL_EVM_CHAIN_ID, LOCAL_EVM_CHAIN_B_ID];
const UNSETTLED = "/api/v2/settlements/read-unsettled";
const HISTORY = "/api/v2/settlements/read-history";

/** A non-custodial merchant's EVM wallet: payments reach its route contract. */
const routeWallet: ReceivingWalletDto = {
  ...storyWallet,
  _id: "w2",
  chain: LOCAL_EVM_CHAIN_ID,
  chainName: "Local EVM A",
  family: "evm",
  chains: [LOCAL_EVM_CHAIN_ID, LOCAL_EVM_CHAIN_B_ID],
  address: OWNER,
  type: "metamask",
  walletName: "Rabby",
  chainSwitchPossible: true,
  proven: true,
  route: ROUTE,
  walletDeployed: true,
};

/** The page (with its route card) and the dialog's balance check read this answer. */
const answers = (unsettled: UnsettledDto) => [answering("post", UNSETTLED, { data: unsettled }), answering("post", HISTORY, { data: [] })];

const meta = {
  title: "Settings/DepositsPanel/ChangeRouteWallet",
  component: DepositsPanel,
  args: { api: merchantApi },
  // A wallet in this browser, so the dialog's wallets step lists it once the check lets the merchant on.
  beforeEach: () => announceEvmWallet({ name: "Rabby" }),
  parameters: {
    merchantSession: true,
    serverData: { offeredChains: SANDBOX, wallets: [storyWallet, routeWallet] },
    msw: { handlers: answers(routeHolding("12500000", "3000000")) },
  },
} satisfies Meta<typeof DepositsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).findByRole("dialog", { name: "Change the receiving wallet" });
const openChange = async (canvasElement: HTMLElement, family = "EVM networks") => {
  await userEvent.click(await within(canvasElement).findByRole("button", { name: `Change address for ${family}` }));
  return dialog();
};

/** The route still holds 12.5 USDC and 3 USDT: the warning names both, and nothing goes on until the merchant ticks and continues. */
export const WarningWithBalances: Story = {
  play: async ({ canvasElement }) => {
    const d = within(await openChange(canvasElement));
    const alert = await d.findByRole("alert");
    await expect(alert).toHaveTextContent("Your current route contract still holds money");
    await expect(within(alert).getByTestId("route-holds-USDC")).toHaveTextContent("12.5 USDC");
    await expect(within(alert).getByTestId("route-holds-USDT")).toHaveTextContent("3 USDT");
    await expect(alert).toHaveTextContent("settle it afterwards on this page, in the Route contract card");
    await expect(alert).toHaveTextContent("0x5290…169EE7");
    await expect(d.queryByRole("list", { name: "Wallets in this browser" })).toBeNull();
    const next = d.getByRole("button", { name: "Continue" });
    await expect(next).toBeDisabled();
    await userEvent.click(d.getByRole("checkbox", { name: /I understand/ }));
    await expect(next).toBeEnabled();
    await userEvent.click(next);
    await expect(await d.findByRole("list", { name: "Wallets in this browser" })).toBeVisible();
    await expect(d.queryByRole("alert")).toBeNull();
  },
};

/** Only one token left (USDT at zero is not named). */
export const WarningNamesOnlyTokensHeld: Story = {
  parameters: { msw: { handlers: answers(routeHolding("700000", "0")) } },
  play: async ({ canvasElement }) => {
    const d = within(await openChange(canvasElement));
    await expect(await d.findByTestId("route-holds-USDC")).toHaveTextContent("0.7 USDC");
    await expect(d.queryByTestId("route-holds-USDT")).toBeNull();
  },
};

/** The route holds nothing: no warning, the dialog goes straight to the wallets. */
export const NoBalancesNoWarning: Story = {
  parameters: { msw: { handlers: answers(routeHolding("0", "0")) } },
  play: async ({ canvasElement }) => {
    const d = within(await openChange(canvasElement));
    await expect(await d.findByRole("list", { name: "Wallets in this browser" })).toBeVisible();
    await expect(d.queryByRole("alert")).toBeNull();
    await expect(d.queryByRole("checkbox")).toBeNull();
  },
};

/** The balances are still being read: "Checking balances…", nothing to choose yet. */
export const CheckingBalances: Story = {
  parameters: { msw: { handlers: [stalled(UNSETTLED), answering("post", HISTORY, { data: [] })] } },
  play: async ({ canvasElement }) => {
    const el = await openChange(canvasElement);
    const d = within(el);
    await expect(d.getByRole("status", { name: "Checking balances…" })).toBeVisible();
    await expect(el).toHaveTextContent("Checking balances…");
    await expect(d.queryByRole("list", { name: "Wallets in this browser" })).toBeNull();
  },
};

/** The balances could not be read: said so; the merchant may still go on after ticking. */
export const CheckFailed: Story = {
  parameters: { msw: { handlers: [failing("post", UNSETTLED, 503, "chain_unavailable", "The network could not be reached."), answering("post", HISTORY, { data: [] })] } },
  play: async ({ canvasElement }) => {
    const d = within(await openChange(canvasElement));
    const alert = await d.findByRole("alert");
    await expect(alert).toHaveTextContent("Your route's balances could not be checked");
    await expect(alert).toHaveTextContent("may still hold money");
    await expect(d.getByRole("button", { name: "Continue" })).toBeDisabled();
    await userEvent.click(d.getByRole("checkbox", { name: /I understand/ }));
    await userEvent.click(d.getByRole("button", { name: "Continue" }));
    await expect(await d.findByRole("list", { name: "Wallets in this browser" })).toBeVisible();
  },
};

/** The Solana wallet has no route: its change opens the wallets at once. */
export const SolanaChangeNotChecked: Story = {
  play: async ({ canvasElement }) => {
    const d = within(await openChange(canvasElement, "Solana"));
    await expect(await d.findByRole("button", { name: "Enter address manually" })).toBeVisible();
    await expect(d.queryByRole("alert")).toBeNull();
    await expect(d.queryByRole("checkbox")).toBeNull();
  },
};

export const FrenchWarning: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Changer d’adresse pour Réseaux EVM" }));
    const d = within(await within(document.body).findByRole("dialog", { name: "Changer le portefeuille de réception" }));
    const alert = await d.findByRole("alert");
    await expect(alert).toHaveTextContent("Votre contrat de route actuel contient encore des fonds");
    await expect(alert).toHaveTextContent("sur cette page, dans la carte Contrat de route");
    await expect(d.getByRole("button", { name: "Continuer" })).toBeDisabled();
    await expect(d.getByRole("checkbox", { name: /J’ai compris/ })).not.toBeChecked();
  },
};

export const FrenchCheckFailed: Story = {
  globals: { locale: "fr" },
  parameters: { msw: { handlers: [failing("post", UNSETTLED, 503), answering("post", HISTORY, { data: [] })] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Changer d’adresse pour Réseaux EVM" }));
    const d = within(await within(document.body).findByRole("dialog", { name: "Changer le portefeuille de réception" }));
    await expect(await d.findByRole("alert")).toHaveTextContent("Les soldes de votre route n’ont pas pu être vérifiés");
  },
};

/** On a 360 px phone: the warning, its amounts and the tick fit without sideways scrolling. */
export const PhoneWarning: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const d = await openChange(canvasElement);
    await expect(await within(d).findByTestId("route-holds-USDC")).toBeVisible();
    await expect(within(d).getByRole("checkbox", { name: /I understand/ })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await expect(d.getBoundingClientRect().right).toBeLessThanOrEqual(360);
  },
};

/** The wallet that replaces OWNER in the story below, and its route. */
const NEW_OWNER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const NEW_ROUTE = "0x1aD91ee08f21bE3dE0BA2ba6918E714dA6B45836";

/**
 * After the change the route card reads again: the new wallet's route is the current one (nothing
 * in it yet) and the replaced route, still holding 4 USDC, is listed under the replaced wallets'
 * routes. (The card used to keep showing the old route as current until the page was reloaded.)
 */
export const CardAfterChange: Story = {
  parameters: {
    toastBar: true,
    msw: {
      handlers: [
        http.post(UNSETTLED, () => {
          const replaced = storyServer.wallets.find((w) => w.family === "evm")?.address !== OWNER;
          const before = routeHolding("4000000", "0");
          return HttpResponse.json({
            data: replaced
              ? {
                  ...routeHolding("0", "0"),
                  route: NEW_ROUTE,
                  owner: NEW_OWNER,
                  settlementAddress: NEW_OWNER,
                  earlierRoutes: [{ route: ROUTE, chain: 31337, owner: OWNER, settlementAddress: OWNER, balances: before.balances }],
                }
              : before,
          });
        }),
        answering("post", HISTORY, { data: [] }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("unsettled-USDC")).toHaveTextContent("4");
    const d = within(await openChange(canvasElement));
    await userEvent.click(await d.findByRole("checkbox", { name: /I understand/ }));
    await userEvent.click(d.getByRole("button", { name: "Continue" }));
    await userEvent.click(await d.findByRole("button", { name: "Enter address manually" }));
    await userEvent.type(d.getByRole("textbox", { name: "Wallet address" }), NEW_OWNER);
    await userEvent.click(d.getByRole("button", { name: "Continue" }));
    await userEvent.click(within(await within(document.body).findByRole("dialog", { name: "Confirm Wallet Address" })).getByRole("button", { name: "Confirm" }));
    await expect(await within(document.body).findByText("Receiving address changed")).toBeVisible();
    const earlier = await canvas.findByRole("region", { name: "Routes of replaced wallets" });
    await expect(earlier).toHaveTextContent(ROUTE);
    await expect(within(earlier).getByTestId(`earlier-${ROUTE}-USDC`)).toHaveTextContent("4 USDC");
    await expect(canvas.getByTestId("unsettled-USDC")).toHaveTextContent("0");
  },
};
