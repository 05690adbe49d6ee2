import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { answering, failing, stalled } from "@/testing/msw/overrides";
import { routeHolding } from "@/components/settlements/story-fixtures";
import { RouteBalanceCheck } from "./route-balance-check";

const UNSETTLED = "/api/v2/settlements/read-unsettled";

/** The check on its own, as the change-wallet dialog shows it first (its journey: deposits-panel-route-change.stories.tsx). */
const meta = {
  title: "Settings/RouteBalanceCheck",
  component: RouteBalanceCheck,
  args: { api: merchantApi, onContinue: fn() },
  parameters: { merchantSession: true, msw: { handlers: [answering("post", UNSETTLED, { data: routeHolding("12500000", "0") })] } },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof RouteBalanceCheck>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Money left in the route: its amount (tokens at zero left out), and Continue only after the tick. */
export const MoneyLeftInRoute: Story = {
  play: async ({ args, canvasElement }) => {
    const c = within(canvasElement);
    const alert = await c.findByRole("alert");
    await expect(within(alert).getByTestId("route-holds-USDC")).toHaveTextContent("12.5 USDC");
    await expect(within(alert).queryByTestId("route-holds-USDT")).toBeNull();
    const next = c.getByRole("button", { name: "Continue" });
    await expect(next).toBeDisabled();
    await userEvent.click(c.getByRole("checkbox", { name: /I understand/ }));
    await userEvent.click(next);
    await expect(args.onContinue).toHaveBeenCalledTimes(1);
  },
};

/** Nothing left: no warning at all, the dialog goes straight on. */
export const NothingHeldGoesOn: Story = {
  parameters: { msw: { handlers: [answering("post", UNSETTLED, { data: routeHolding("0", "0") })] } },
  play: async ({ args, canvasElement }) => {
    await waitFor(() => expect(args.onContinue).toHaveBeenCalledTimes(1));
    await expect(within(canvasElement).queryByRole("alert")).toBeNull();
  },
};

/** While the balances are read. */
export const CheckingBalances: Story = {
  parameters: { msw: { handlers: [stalled(UNSETTLED, "post")] } },
  play: async ({ args, canvasElement }) => {
    await expect((await within(canvasElement).findAllByText("Checking balances…"))[0]).toBeInTheDocument();
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** The read failed: said so, and the same tick lets the merchant go on. */
export const CheckFailed: Story = {
  parameters: { msw: { handlers: [failing("post", UNSETTLED)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Your route's balances could not be checked");
  },
};

export const MoneyLeftFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole("alert");
    await expect(within(alert).getByTestId("route-holds-USDC")).toHaveTextContent("12.5 USDC");
    await expect(within(canvasElement).getByRole("button", { name: "Continuer" })).toBeDisabled();
  },
};
