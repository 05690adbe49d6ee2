import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { stubClipboard } from "@/testing/clipboard";
import { STORY_USER_ID } from "@/testing/msw/fixtures";
import { invoiceStore } from "@/testing/msw/invoice-handlers";
import { sampleBills, sampleCustomers } from "@/testing/msw/invoice-fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { BillsPage } from "./bills-page";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "zInvoice/BillsPage",
  component: BillsPage,
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { invoices: { bills: sampleBills, customers: sampleCustomers } } },
  args: { api: merchantApi, userId: STORY_USER_ID, billingCurrency: "USD", timeZone: "UTC", today: new Date(2026, 10, 5), openInvoice: fn() },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof BillsPage>;
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
  parameters: { serverData: { invoices: { bills: [], customers: [] } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("zInvoice");
    await expect(c.getByRole("button", { name: "Create Pay Invoice" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: "Invoice instantly—create your zInvoice now!" })).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/bills")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("Something went wrong");
    await expect(c.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Kq7NzR2xWb4M" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleBills.length);
  },
};

/** Create Pay Invoice → choose a payee → a line → Create: 'Bill created successfully' and the new row. */
export const CreateBill: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "Kq7NzR2xWb4M" });
    await userEvent.click(c.getByRole("button", { name: "Create Pay Invoice" }));
    const dialog = await body().findByRole("dialog", { name: "Create zInvoice" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Choose payee" }));
    await userEvent.click(await body().findByRole("button", { name: "Select Ada Lovelace" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Description, line 1" }), "Logo design");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Unit price, line 1" }), "250");
    await expect(within(dialog).getByTestId("invoice-total")).toHaveTextContent("250.00 USD");
    const create = within(dialog).getByRole("button", { name: "Create" });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expect(await body().findByText("Bill created successfully")).toBeVisible();
    await expect(await c.findByRole("cell", { name: "Newbill-1" })).toBeVisible();
    const [sent] = storyServer.bodiesSentTo("POST", "/api/bills/create") as { label: string; currency: string; desc: string }[];
    await expect(sent).toMatchObject({ label: "Pay Now", currency: "USD" });
    await expect(JSON.parse(sent.desc)).toMatchObject({ client: "c1", currency: "USD", issuedOn: "2026-11-05", paymentDueOn: "2026-11-12", layout: "DEFAULT" });
  },
};

/** Copy Link copies the zInvoice's payment page. */
export const CopyLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Copy link of Kq7NzR2xWb4M" }));
    await expect(await body().findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith("http://localhost:4322/?p=Kq7NzR2xWb4M");
  },
};

/** Menu → View Instructions: the payment page and the button to embed. */
export const Instructions: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for Kq7NzR2xWb4M" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "View Instructions" }));
    const dialog = await body().findByRole("dialog", { name: "Setup Instructions" });
    await expect(within(dialog).getByRole("textbox", { name: "Payment page" })).toHaveValue("http://localhost:4322/?p=Kq7NzR2xWb4M");
  },
};

/** Menu → View Invoice: the merchant's invoice view of this zInvoice. */
export const ViewInvoice: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for Kq7NzR2xWb4M" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "View Invoice" }));
    await waitFor(() => expect(args.openInvoice).toHaveBeenCalledWith("/invoices/view?bill=b1"));
  },
};

/** Menu → Invoice Details. */
export const Details: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for Kq7NzR2xWb4M" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Invoice Details" }));
    const dialog = await body().findByRole("dialog", { name: "Invoice Details" });
    await expect(dialog).toHaveTextContent("Ada Lovelace");
    await expect(dialog).toHaveTextContent("1,366.50 USD");
  },
};

/** Menu → Edit → change the notes → Update: 'Bill updated successfully', sent with the edit key. */
export const EditBill: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for Kq7NzR2xWb4M" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Edit" }));
    const dialog = await body().findByRole("dialog", { name: "Update zInvoice" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Notes" }), " See you soon.");
    const update = within(dialog).getByRole("button", { name: "Update" });
    await waitFor(() => expect(update).toBeEnabled());
    await userEvent.click(update);
    await expect(await body().findByText("Bill updated successfully")).toBeVisible();
    const [sent] = storyServer.bodiesSentTo("PUT", "/api/bills/update/b1") as { _key: string; desc: string }[];
    await expect(sent._key).toBe("1");
    await expect(JSON.parse(sent.desc).notes).toBe("Thank you for your business. See you soon.");
    await expect(invoiceStore.bills[0].invoice.notes).toBe("Thank you for your business. See you soon.");
  },
};

/** Menu → Edit → Disable → 'Please note' → Disable: 'Disabled successfully', the row reads Disabled. */
export const DisableBill: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Actions for Kq7NzR2xWb4M" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Edit" }));
    const dialog = await body().findByRole("dialog", { name: "Update zInvoice" });
    await expect(within(dialog).getByTestId("chosen-payee")).toHaveTextContent("Ada Lovelace");
    await userEvent.click(within(dialog).getByRole("button", { name: "Disable" }));
    const confirm = await body().findByRole("alertdialog", { name: "Please note" });
    await expect(confirm).toHaveTextContent("Any shared or existing zInvoice links will stop working.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Disable" }));
    await expect(await body().findByText("Disabled successfully")).toBeVisible();
    await waitFor(() => expect(within(c.getByRole("cell", { name: "Kq7NzR2xWb4M" }).closest("tr")!).getByText("Disabled")).toBeVisible());
    await expect(invoiceStore.bills[0].enabled).toBe(false);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Kq7NzR2xWb4M" })).toBeVisible();
    await expect(c.getByRole("button", { name: "Créer une facture payable" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: "Kq7NzR2xWb4M" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
