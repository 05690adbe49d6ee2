import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BILL_STATUSES, PAYMENT_CHIP_STATES, billStatus, paymentRowStatus } from "@/lib/status";
import { StatusChip } from "./status-chip";

const meta = {
  title: "UI/StatusChip",
  component: StatusChip,
  args: { children: "Completed" },
} satisfies Meta<typeof StatusChip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = { args: { color: "primary", children: "Completed" } };
export const Secondary: Story = { args: { color: "secondary", children: "Active" } };
export const Warning: Story = { args: { color: "warning", children: "Verifying" } };
export const ErrorColour: Story = { name: "Error", args: { color: "error", children: "Failed" } };
export const Info: Story = { args: { color: "info", children: "Pending" } };

/** A row's payment read through `paymentRowStatus`: label translated, colour from the reading. */
export const FromPaymentRow: Story = {
  args: { children: undefined, status: paymentRowStatus({ enabled: true, paymentInfo: { status: "paid", paidAt: "2026-11-02T10:00:00Z" } }) },
  play: async ({ canvasElement }) => {
    const chip = within(canvasElement).getByText("Verifying");
    await expect(chip).toHaveAttribute("data-color", "warning");
  },
};

/** Every zLink / zRequest state (SPEC §4 reading 1), in the order the rules are checked. */
export const PaymentStates: Story = {
  args: { children: undefined },
  render: () => (
    <ul className="flex flex-wrap gap-2">
      {Object.entries(PAYMENT_CHIP_STATES).map(([state, display]) => (
        <li key={state}>
          <StatusChip status={display} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem").map((item) => item.textContent);
    await expect(items).toEqual(["Failed", "Initiated", "Partly paid", "Completed", "Verifying", "Refunded", "Pending", "Disabled"]);
  },
};

/** Every bill / invoice status (SPEC §4 reading 2) plus an unknown one, which keeps its name. */
export const BillStates: Story = {
  args: { children: undefined },
  render: () => (
    <ul className="flex flex-wrap gap-2">
      {[...BILL_STATUSES, "OVERDUE"].map((status) => (
        <li key={status}>
          <StatusChip status={billStatus(status)} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem").map((item) => item.textContent);
    await expect(items).toEqual(["Active", "Draft", "Paid", "Cancelled", "Disabled", "Pending", "Overdue"]);
  },
};

/** The same readings in French. */
export const French: Story = {
  ...PaymentStates,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem").map((item) => item.textContent);
    await expect(items).toEqual(["Échoué", "Initié", "Partiellement payé", "Terminé", "En vérification", "Remboursé", "En attente", "Désactivé"]);
  },
};
