import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { stubClipboard } from "@/testing/clipboard";
import { invoiceStore } from "@/testing/msw/invoice-handlers";
import { sampleCustomers, sampleV1Invoices } from "@/testing/msw/invoice-fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { InvoicesPage } from "./invoices-page";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "Invoices/InvoicesPage",
  component: InvoicesPage,
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { invoices: { invoices: sampleV1Invoices, customers: sampleCustomers } } },
  args: { api: merchantApi, billingCurrency: "USD", today: new Date(2026, 10, 5), openUrl: fn(), openInvoice: fn() },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof InvoicesPage>;
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
  parameters: { serverData: { invoices: { invoices: [], customers: [] } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Invoices");
    await expect(await c.findByRole("cell", { name: "No invoices yet — create your first invoice." })).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/v1/invoices")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Your invoices could not be loaded.");
  },
};

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "View invoice ZSH-2026-0101" }));
    await expect(args.openInvoice).toHaveBeenCalledWith("/invoices/view?id=i1");
  },
};

/** Create Invoice with the LEGAL layout: saved to /api/v1/invoices, listed on top. */
export const CreateLegalInvoice: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "ZSH-2026-0101" });
    await userEvent.click(c.getByRole("button", { name: "Create Invoice" }));
    const dialog = await body().findByRole("dialog", { name: "Create Invoice" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Choose payee" }));
    await userEvent.click(await body().findByRole("button", { name: "Select Blaise Pascal" }));
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Layout" }));
    await userEvent.click(await body().findByRole("option", { name: "Legal" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Particulars, line 1" }), "Trademark renewal");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Professional fees, line 1" }), "200");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Official fees, line 1" }), "80");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "VAT, line 1" }), "40");
    const create = within(dialog).getByRole("button", { name: "Create" });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expect(await body().findByText("Bill created successfully")).toBeVisible();
    await expect(await c.findByText("320.00 USD")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/v1/invoices")).toEqual([expect.objectContaining({ layout: "LEGAL", client: "c2" })]);
  },
};

/** Menu → Copy Link. */
export const CopyLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for ZSH-2026-0101" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Copy Link" }));
    await expect(await body().findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith(sampleV1Invoices[0].payUrl);
  },
};

/** Menu → Cancel → 'Please note' → Cancel invoice: the row reads Cancelled. */
export const CancelInvoice: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for ZSH-2026-0101" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Cancel" }));
    const confirm = await body().findByRole("alertdialog", { name: "Please note" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel invoice" }));
    await expect(await body().findByText("Invoice cancelled")).toBeVisible();
    await waitFor(() => expect(invoiceStore.invoices[0].status).toBe("CANCELLED"));
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Créer une facture" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("cell", { name: "ZSH-2026-0101" });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
