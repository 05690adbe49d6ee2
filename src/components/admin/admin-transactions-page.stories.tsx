import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { sampleAdminInflows } from "@/testing/msw/admin-fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { sampleOpenPayments } from "@/testing/msw/unmapped-fixtures";
import { AdminTransactionsPage } from "./admin-transactions-page";

const meta = {
  title: "Admin/AdminTransactionsPage",
  component: AdminTransactionsPage,
  parameters: {
    layout: "padded",
    merchantSession: { settings: { permissions: ["quickpay", "admin_stats"] } },
    toastBar: true,
    serverData: { adminInflows: sampleAdminInflows, openPayments: sampleOpenPayments },
  },
  args: { api: merchantApi, timeZone: "UTC" },
} satisfies Meta<typeof AdminTransactionsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const openMap = async (canvas: HTMLElement) => {
  await userEvent.click(await within(canvas).findByRole("button", { name: /^Map 12\.5 USDC from/ }));
  return within(document.body).findByRole("dialog");
};

/** Every merchant's inflows, each with whose it is (e-mail, else wallet). */
export const WithInflows: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "shop@example.com" })).toBeVisible();
    await expect(c.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Date", "Merchant", "Amount", "Token", "Sender", "Hash", "Map"]);
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleAdminInflows.length);
    await expect(c.queryAllByRole("button", { name: /^Refund / })).toHaveLength(0);
  },
};

export const Empty: Story = {
  parameters: { serverData: { adminInflows: [] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: /Nothing unmapped/ })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/v2/admin-transactions")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("The inflows could not be loaded.");
  },
};

/** Map offers the receiving merchant's open payments and credits the chosen one. */
export const Mapped: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openMap(canvasElement));
    await userEvent.click(await dialog.findByRole("radio", { name: /zRequest · 12.5 USDC/ }));
    await userEvent.click(dialog.getByRole("button", { name: "Map" }));
    await expect(await within(document.body).findByText("Mapped to the merchant's payment")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/v2/admin-transactions/inflow-1/map")).toEqual([{ paymentId: sampleOpenPayments[0]!._id }]);
    await waitFor(() => expect(within(canvasElement).getAllByRole("row", { hidden: true })).toHaveLength(sampleAdminInflows.length));
  },
};

export const MapDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openMap(canvasElement));
    await expect(await dialog.findAllByRole("radio")).toHaveLength(3);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("columnheader", { name: "Marchand" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("shop@example.com")).toBeVisible();
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("shop@example.com")).toBeVisible();
  },
};
