import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ListLoadFailed } from "./list-load-failed";

const meta = {
  title: "Products/ListLoadFailed",
  component: ListLoadFailed,
  args: { message: "Could not load your payment links.", retryLabel: "Try again", onRetry: fn() },
} satisfies Meta<typeof ListLoadFailed>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list did not load: the reason and a button to try again. */
export const CouldNotLoad: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Could not load your payment links.")).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const FrenchPhone: Story = {
  args: { message: "Impossible de charger vos liens de paiement.", retryLabel: "Réessayer" },
  globals: { locale: "fr", viewport: { value: "phone" } },
};
