import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { STORY_NOW } from "@/testing/msw/fixtures";
import { sampleOrders } from "@/testing/msw/order-fixtures";
import { setStoryAddress } from "@/testing/story-address";
import { setStoryClock } from "@/testing/story-clock";
import ZapiIsland from "./ZapiIsland";

/** The payments servers created through the zAPI (type dynamic): the only ones the page lists. */
const apiOrders = sampleOrders.filter((o) => o.type === "dynamic");

const meta = {
  title: "Islands/Zapi",
  component: ZapiIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { orders: sampleOrders } },
  args: { isProduction: false },
  beforeEach: () => {
    finishTour();
    // The island reads its page and filters from the address: /zapi with no query is the first page.
    const leave = setStoryAddress("/zapi");
    // The default days end today: the stories' today, so the filters and the picture stay put.
    const restoreClock = setStoryClock(STORY_NOW);
    return () => {
      restoreClock();
      leave();
    };
  },
} satisfies Meta<typeof ZapiIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /zapi in the merchant shell: the API keys, then the API Transactions (zApi payments only). */
export const KeysAndApiTransactions: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "zAPI" })).toBeVisible();
    await expect(c.getByRole("heading", { name: "API keys" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: apiOrders[0]!.orderId })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + apiOrders.length);
    await expect(c.getAllByRole("link", { name: "zAPI" })[0]).toHaveAttribute("aria-current", "page");
    // The API secret section reads its own status: picture the page once it has.
    await expect(await c.findByText(/zpk_…/)).toBeVisible();
  },
};

export const KeysAndApiTransactionsFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "zAPI" })).toBeVisible();
    await expect(c.getByRole("heading", { level: 2, name: "Transactions API" })).toBeVisible();
    await expect(await c.findByText(apiOrders[0]!.orderId)).toBeVisible();
    await expect(await c.findByText(/zpk_…/)).toBeVisible();
  },
};

/** A merchant without the quickpay permission: no zAPI in the menu, and the page says so rather than loading. */
export const WithoutQuickPayPermission: Story = {
  parameters: { merchantSession: { settings: { permissions: ["invoices"] } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "You don't have access to this page" })).toBeVisible();
    await expect(c.queryByRole("link", { name: "zAPI" })).toBeNull();
  },
};
