import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { STORY_NOW } from "@/testing/msw/fixtures";
import { sampleOrders } from "@/testing/msw/order-fixtures";
import { storyServer } from "@/testing/msw/store";
import { setStoryAddress } from "@/testing/story-address";
import { setStoryClock } from "@/testing/story-clock";
import OrdersIsland from "./OrdersIsland";

const meta = {
  title: "Islands/Orders",
  component: OrdersIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { orders: sampleOrders } },
  args: { isProduction: false },
  beforeEach: () => {
    finishTour();
    // The island reads its page and filters from the address: /transactions with no query is the
    // first page with the default filters (the test runner's own query would be read as filters).
    const leave = setStoryAddress("/transactions");
    // The default days end today: the stories' today, so the filters and the picture stay put.
    const restoreClock = setStoryClock(STORY_NOW);
    return () => {
      restoreClock();
      leave();
    };
  },
} satisfies Meta<typeof OrdersIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /transactions in the merchant shell: the first page of orders, Orders current in the menu. */
export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: "Zl7Hq2kZr9Xb" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleOrders.length);
    await expect(c.getByLabelText("From")).toHaveValue("04/11/2026");
    await expect(storyServer.requests.map((r) => r.path)).toContain(`/api/transactions?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
    await expect(c.getAllByRole("link", { name: "Orders" })[0]).toHaveAttribute("aria-current", "page");
  },
};

export const FirstPageFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Commandes" })).toBeVisible();
    await expect(await c.findByText("Zl7Hq2kZr9Xb")).toBeVisible();
  },
};

const manyOrders = Array.from({ length: 12 }, (_, i) => ({
  ...sampleOrders[i % sampleOrders.length],
  _id: `m${i + 1}`,
  orderId: `Order${String(i + 1).padStart(2, "0")}`,
  createdAt: new Date(Date.parse(STORY_NOW) - (i + 1) * 3_600_000).toISOString(),
}));

/**
 * Next moves the router store, not the page: the address becomes the deep link, the second page's
 * two orders show, and Back (popstate) brings the first page again, all in the same document.
 */
export const PagingInPlace: Story = {
  parameters: { serverData: { orders: manyOrders } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Order10" })).toBeVisible();
    const marker = Symbol.for("zpay.samePage");
    (window as unknown as Record<symbol, boolean>)[marker] = true;
    const next = c.getByRole("link", { name: "Next" });
    next.scrollIntoView();
    await expect(window.scrollY).toBeGreaterThan(0);
    await userEvent.click(next);
    await expect(await c.findByRole("cell", { name: "Order11" })).toBeVisible();
    // The new page starts at its top, as a page load would.
    await expect(window.scrollY).toBe(0);
    await expect(window.location.pathname).toMatch(/^\/transactions\/next\/\d+\/m10$/);
    await expect(c.getAllByRole("row")).toHaveLength(3);
    window.history.back();
    await expect(await c.findByRole("cell", { name: "Order01" })).toBeVisible();
    await waitFor(() => expect(window.location.pathname).toBe("/transactions"));
    await expect(c.queryByRole("link", { name: "Previous" })).toBeNull();
    // No page load happened: the window still holds what the story put in it.
    await expect((window as unknown as Record<symbol, boolean>)[marker]).toBe(true);
    delete (window as unknown as Record<symbol, boolean>)[marker];
  },
};
