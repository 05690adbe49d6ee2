import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleBills, sampleCustomers } from "@/testing/msw/invoice-fixtures";
import BillsIsland from "./BillsIsland";

const meta = {
  title: "Islands/Bills",
  component: BillsIsland,
  parameters: { layout: "fullscreen", merchantSession: { settings: { permissions: ["quickpay", "bills"] } }, serverData: { invoices: { bills: sampleBills, customers: sampleCustomers } } },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof BillsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /bills in the merchant shell: zInvoice in the menu and the merchant's zInvoices. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("zInvoice");
    await expect(await c.findByRole("cell", { name: sampleBills[0].hashedId })).toBeVisible();
  },
};

export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
