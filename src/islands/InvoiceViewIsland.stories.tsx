import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { InvoiceDto } from "@/lib/invoice";
import { finishTour } from "@/stores/onboarding";
import { answering } from "@/testing/msw/overrides";
import { sampleV1Invoices } from "@/testing/msw/invoice-fixtures";
import InvoiceViewIsland from "./InvoiceViewIsland";

/** A paid invoice: an ACTIVE one would print 'Overdue by …' measured from today's clock, which the island does not let a story fix. */
const invoice: InvoiceDto = sampleV1Invoices.find((i) => i.status === "PAID")!;

const meta = {
  title: "Islands/InvoiceView",
  component: InvoiceViewIsland,
  parameters: { layout: "fullscreen", merchantSession: true, msw: { handlers: [answering("get", "/api/v1/invoices/:id", { data: { invoice } })] } },
  args: { isProduction: false },
  beforeEach: () => {
    finishTour();
    // The island reads its invoice from the address (`/invoices/view?id=…`).
    const before = window.location.href;
    const url = new URL(before);
    url.searchParams.set("id", invoice._id);
    window.history.replaceState(null, "", url);
    return () => window.history.replaceState(null, "", before);
  },
} satisfies Meta<typeof InvoiceViewIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /invoices/view?id= in the merchant shell: the merchant's own (paid) invoice document, no Make Payment. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: new RegExp(invoice.invoiceNumber) })).toBeVisible();
    await expect(c.queryByRole("link", { name: "Make Payment" })).toBeNull();
  },
};

export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
