import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleCustomers, sampleV1Invoices } from "@/testing/msw/invoice-fixtures";
import InvoicesIsland from "./InvoicesIsland";

const meta = {
  title: "Islands/Invoices",
  component: InvoicesIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { invoices: { invoices: sampleV1Invoices, customers: sampleCustomers } } },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof InvoicesIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /invoices in the merchant shell: the v1 invoices. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toBeVisible();
    await expect(await c.findByText(sampleV1Invoices[0].invoiceNumber)).toBeVisible();
  },
};

/**
 * At 360 px the screen's tables scroll sideways, and their scroll container (ui/table's
 * data-slot="table-container") cannot take keyboard focus: axe's scrollable-region-focusable.
 * Reported, not fixed here (stories only); the check is kept as a to-do so the picture is still taken.
 */
export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } }, parameters: { a11y: { test: "todo" } } };
