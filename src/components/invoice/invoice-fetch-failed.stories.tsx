import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { InvoiceFetchFailed } from "./invoice-fetch-failed";

const meta = {
  title: "Invoice/InvoiceFetchFailed",
  component: InvoiceFetchFailed,
  args: { onRetry: fn() },
} satisfies Meta<typeof InvoiceFetchFailed>;
export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §8: 'Cannot get Invoice. Network request failed.', with a retry. */
export const FetchFailed: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("Cannot get Invoice. Network request failed.");
    await userEvent.click(c.getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** An unknown or deleted invoice (no retry: it will not come back). */
export const NotFound: Story = {
  args: { reason: "not-found", onRetry: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("This invoice does not exist or is no longer available.");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Impossible d’obtenir la facture. La requête réseau a échoué.");
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
};
