import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleCustomers, sampleV1Invoices } from "@/testing/msw/invoice-fixtures";
import InvoicesIsland from "./InvoicesIsland";

const meta = {
  title: "Islands/Invoices",
  component: InvoicesIsland,
  parameters: { layout: "fullscreen", merchantSession: { settings: { permissions: ["quickpay", "invoices"] } }, serverData: { invoices: { invoices: sampleV1Invoices, customers: sampleCustomers } } },
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

export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
