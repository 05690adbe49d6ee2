import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { answering, failing, stalled, unreachable } from "@/testing/msw/overrides";
import type { BillDto, InvoiceDto } from "@/lib/invoice";
import { STORY_NOW, sampleInvoice } from "./invoice-fixtures";
import { InvoiceScreen } from "./invoice-screen";

const invoice: InvoiceDto = {
  ...sampleInvoice(),
  _id: "0b6f4f0e-7a43-4c55-9d53-1d7a1b0c2a11",
  client: "c1",
  billTo: { ...sampleInvoice().billTo!, _id: "c1" },
  enabled: true,
  createdAt: "2026-11-24T09:00:00.000Z",
  paymentInfo: null,
};
const bill = { _id: invoice._id, invoice: { ...invoice, kind: "bill", layout: "LEGAL", ...legal() } } as unknown as BillDto;
function legal() {
  const l = sampleInvoice({ layout: "LEGAL" });
  return { invoiceInclusions: l.invoiceInclusions, invoiceTotal: l.invoiceTotal };
}

const meta = {
  title: "Invoice/InvoiceScreen",
  component: InvoiceScreen,
  parameters: { layout: "padded", merchantSession: true, msw: { handlers: [answering("get", "/api/v1/invoices/:id", { data: { invoice } })] } },
  args: { api: merchantApi, invoiceRef: { kind: "invoice", id: invoice._id }, now: STORY_NOW },
} satisfies Meta<typeof InvoiceScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The merchant's own v1 invoice: no Make Payment, Download PDF and Print. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: /ZSH000042/ })).toHaveTextContent("Invoice ZSH000042");
    await expect(c.queryByRole("link", { name: "Make Payment" })).toBeNull();
    await expect(c.getByRole("button", { name: "Print" })).toBeVisible();
  },
};

/** A zInvoice (`?bill=`) read through the bills API, in the LEGAL layout. */
export const Bill: Story = {
  args: { invoiceRef: { kind: "bill", id: invoice._id } },
  parameters: { msw: { handlers: [answering("get", "/api/bills/update/:id", { data: { key: "1", info: bill } })] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("columnheader", { name: "Official fees" })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveAttribute("aria-busy", "true");
  },
};

/** The network fails: SPEC §8 'Cannot get Invoice. Network request failed.' and a retry. */
export const FetchFailed: Story = {
  parameters: { msw: { handlers: [unreachable("get", "/api/v1/invoices/:id")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("Cannot get Invoice. Network request failed.");
    await expect(c.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** The server errs: the same message. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/v1/invoices/:id")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Cannot get Invoice. Network request failed.");
  },
};

/** Another merchant's or an unknown invoice. */
export const NotFound: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/v1/invoices/:id", 404, "not_found", "Invoice not found")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("This invoice does not exist or is no longer available.");
    await expect(c.queryByRole("button", { name: "Try again" })).toBeNull();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { level: 1, name: /ZSH000042/ })).toHaveTextContent("Facture ZSH000042");
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { level: 1, name: /ZSH000042/ })).toBeVisible();
  },
};
