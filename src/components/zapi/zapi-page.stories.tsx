import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_NOW, STORY_TOKEN, STORY_USER_ID } from "@/testing/msw/fixtures";
import { sampleOrders } from "@/testing/msw/order-fixtures";
import { storyServer } from "@/testing/msw/store";
import { ZapiPage } from "./zapi-page";

const apiOrders = sampleOrders.filter((o) => o.type === "dynamic");

const meta = {
  title: "zAPI/ZapiPage",
  component: ZapiPage,
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { orders: sampleOrders } },
  args: {
    api: merchantApi,
    accountId: STORY_USER_ID,
    onSignInAgain: fn(),
    path: "/zapi",
    search: "",
    navigate: fn(),
    fetchCsv: (query: string) => fetch(`/api/transactions?${query}`, { headers: { authorization: `Bearer ${STORY_TOKEN}` } }),
    timeZone: "UTC",
    now: new Date(STORY_NOW),
  },
} satisfies Meta<typeof ZapiPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The keys, then the API Transactions: only payments of type dynamic (zApi), asked for with type=dynamic. */
export const WithApiTransactions: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "API keys" })).toBeVisible();
    await expect(c.getByRole("heading", { name: "API Transactions" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: apiOrders[0].orderId })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + apiOrders.length);
    await expect(c.queryByRole("cell", { name: "zLink" })).toBeNull();
    await expect(storyServer.requests.map((r) => r.path)).toContain("/api/transactions?tz=UTC&type=dynamic");
  },
};

/** Apply and Reset stay on /zapi. */
export const FiltersStayOnThePage: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: apiOrders[0].orderId });
    await userEvent.click(c.getByRole("checkbox", { name: "Initiated" }));
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(args.navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/zapi\?txStatus=[a-z_%2C]*initiated/));
  },
};

/** The CSV holds the API transactions only. */
export const DownloadCsv: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: apiOrders[0].orderId });
    await userEvent.click(c.getByRole("button", { name: "Download CSV" }));
    await expect(await body().findByText(`transactions.csv downloaded (${apiOrders.length} rows)`)).toBeVisible();
    await waitFor(() => expect(storyServer.requests.map((r) => r.path)).toContain("/api/transactions?tz=UTC&type=dynamic&limit=all"));
  },
};

export const Empty: Story = {
  parameters: { serverData: { orders: sampleOrders.filter((o) => o.type !== "dynamic") } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: "No orders match these filters." })).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "Clés d’API" })).toBeVisible();
    await expect(c.getByRole("heading", { name: "Transactions API" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: apiOrders[0].orderId })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: apiOrders[0].orderId })).toBeInTheDocument();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: apiOrders[0].orderId })).toBeInTheDocument();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
