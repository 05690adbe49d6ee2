import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { sampleBilling } from "@/testing/msw/admin-fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { AdminBillingPage } from "./admin-billing-page";

const csvAnswer = () => new Response("Month,Merchant ID,Public key,E-mail,Payments,Volume (USD)\n2026-10,a,b,,1,2\n2026-11,a,b,,1,2\n", { headers: { "content-type": "text/csv" } });

const meta = {
  title: "Admin/AdminBillingPage",
  component: AdminBillingPage,
  parameters: {
    layout: "padded",
    merchantSession: { settings: { permissions: ["quickpay", "admin_stats"] } },
    toastBar: true,
    serverData: { billing: sampleBilling },
  },
  args: { api: merchantApi, initialRange: { from: "2026-10", to: "2026-11" }, fetchCsv: fn(async () => csvAnswer()) },
} satisfies Meta<typeof AdminBillingPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Volume per merchant per month, with the total. */
export const Billing: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "$8,120.50" })).toBeVisible();
    await expect(c.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Month", "Merchant", "E-mail", "Payments", "Volume (USD)"]);
    await expect(c.getByTestId("billing-total")).toHaveTextContent("85 payments, $9,970.75 in all");
  },
};

/** Download CSV fetches billing.csv for the months shown. */
export const Downloaded: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "$8,120.50" });
    await userEvent.click(c.getByRole("button", { name: "Download CSV" }));
    await expect(await within(document.body).findByText("billing.csv saved (2 rows)")).toBeVisible();
    await expect(args.fetchCsv).toHaveBeenCalledWith("from=2026-10&to=2026-11&format=csv");
  },
};

/** Applying months reloads the table for them only. */
export const OneMonth: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "$8,120.50" });
    const from = c.getByLabelText("From month");
    await userEvent.clear(from);
    await userEvent.type(from, "2026-11");
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(c.getAllByRole("row")).toHaveLength(2));
    await expect(storyServer.requests.some((r) => r.path === "/api/v2/admin-billing?from=2026-11&to=2026-11")).toBe(true);
  },
};

export const Empty: Story = {
  parameters: { serverData: { billing: [] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Nothing was paid in these months." })).toBeVisible();
    await expect(c.getByRole("button", { name: "Download CSV" })).toBeDisabled();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/v2/admin-billing")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("The billing could not be loaded: Internal server error");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("85 paiements, 9 970,75 $US au total")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("$8,120.50")).toBeVisible();
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/8\s120,50/)).toBeVisible();
  },
};
