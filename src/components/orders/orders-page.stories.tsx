import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_NOW, STORY_TOKEN } from "@/testing/msw/fixtures";
import { sampleOrders } from "@/testing/msw/order-fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { OrdersPage } from "./orders-page";

/** Twelve orders: more than one page of ten. */
const manyOrders = Array.from({ length: 12 }, (_, i) => ({
  ...sampleOrders[i % sampleOrders.length],
  _id: `m${i + 1}`,
  orderId: `Order${String(i + 1).padStart(2, "0")}`,
  createdAt: new Date(Date.parse(STORY_NOW) - (i + 1) * 3_600_000).toISOString(),
}));

const meta = {
  title: "Orders/OrdersPage",
  component: OrdersPage,
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { orders: sampleOrders } },
  args: {
    api: merchantApi,
    path: "/transactions",
    search: "",
    navigate: fn(),
    fetchCsv: (query: string) => fetch(`/api/transactions?${query}`, { headers: { authorization: `Bearer ${STORY_TOKEN}` } }),
    timeZone: "UTC",
    now: new Date(STORY_NOW),
  },
} satisfies Meta<typeof OrdersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  parameters: { serverData: { orders: [] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "No orders match these filters." })).toBeVisible();
    await expect(c.queryByRole("navigation", { name: "Pages" })).toBeNull();
  },
};

/** Every product type with its SPEC name, and the default filters sent (tz only: defaults stay out of the URL). */
export const WithOrders: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Zl7Hq2kZr9Xb" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleOrders.length);
    for (const type of ["zLink", "zRequest", "zApi", "zInvoice", "Invoice", "zCart", "Donation"]) await expect(c.getByText(type, { exact: true })).toBeVisible();
    await expect(storyServer.requests.map((r) => r.path)).toContain("/api/transactions?tz=UTC");
    await expect(c.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    await expect(c.getByLabelText("From")).toHaveValue("04/11/2026");
    await expect(c.getByLabelText("To")).toHaveValue("05/11/2026");
  },
};

/** Filters come from the URL and go back into it on Apply (a shareable address). */
export const FilteredFromUrl: Story = {
  args: { search: "?filterText=abc&txStatus=failed&timeStart=01/11/2026" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Ap9KmNb4VcXz" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(2);
    await expect(c.getByRole("searchbox", { name: "Search" })).toHaveValue("abc");
    await expect(c.getByRole("checkbox", { name: "Failed" })).toBeChecked();
    await expect(c.getByRole("checkbox", { name: "Paid" })).not.toBeChecked();
    await userEvent.click(c.getByRole("checkbox", { name: "Paid" }));
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(args.navigate).toHaveBeenCalledWith("/transactions?filterText=abc&txStatus=failed%2Cpaid&timeStart=01%2F11%2F2026");
  },
};

export const NextPageLink: Story = {
  parameters: { serverData: { orders: manyOrders } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Order10" })).toBeVisible();
    const next = c.getByRole("link", { name: "Next" });
    await expect(next.getAttribute("href")).toMatch(/^\/transactions\/next\/\d+\/m10$/);
    await expect(c.queryByRole("link", { name: "Previous" })).toBeNull();
    // A plain click moves the screen (its router store), not the whole page. A bare click() event:
    // a pointer click would scroll and hover the picture.
    next.click();
    await expect(args.navigate).toHaveBeenCalledWith(next.getAttribute("href"));
  },
};

export const SecondPage: Story = {
  parameters: { serverData: { orders: manyOrders } },
  args: { path: "/transactions/next/1/m10" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Order11" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(3);
    await expect(c.getByRole("link", { name: "Previous" }).getAttribute("href")).toMatch(/^\/transactions\/prev\/\d+\/m11$/);
    await expect(c.queryByRole("link", { name: "Next" })).toBeNull();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/transactions")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Internal server error");
  },
};

export const DetailsDialog: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for Zl7Hq2kZr9Xb" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Details" }));
    const dialog = await body().findByRole("dialog", { name: "Transaction Details" });
    await expect(dialog).toHaveAccessibleDescription("Payment for Zl7Hq2kZr9Xb");
  },
};

/** The download counts rows as they stream in, then says how many it saved. */
export const DownloadCsv: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "Zl7Hq2kZr9Xb" });
    await userEvent.click(c.getByRole("button", { name: "Download CSV" }));
    await expect(await body().findByText(`transactions.csv downloaded (${sampleOrders.length} rows)`)).toBeVisible();
    await waitFor(() => expect(storyServer.requests.map((r) => r.path)).toContain("/api/transactions?tz=UTC&limit=all"));
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("columnheader", { name: "Montant demandé" })).toBeInTheDocument();
    await expect(c.getByRole("button", { name: "Télécharger le CSV" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: "Zl7Hq2kZr9Xb" })).toBeInTheDocument();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  parameters: { serverData: { orders: manyOrders } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("link", { name: "Suivant" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
