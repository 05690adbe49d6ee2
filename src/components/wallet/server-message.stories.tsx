import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ServerMessage } from "./server-message";

const meta = {
  title: "Wallet/ServerMessage",
  component: ServerMessage,
  args: { message: "Invalid wallet address. Please double-check and try again." },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof ServerMessage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A plain refusal, read out as an alert. */
export const Refusal: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Invalid wallet address.");
  },
};

/** `already-attached` arrives as HTML (SPEC §7): shown with its markup, scripts and handlers stripped. */
export const AlreadyAttachedHtml: Story = {
  args: { message: 'A receiving wallet is already attached on <b>Solana Devnet</b>.<span onmouseover="window.__xss=1">!</span><script>window.__xss=2</script>' },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert.querySelector("b")).toHaveTextContent("Solana Devnet");
    await expect(alert.querySelector("script")).toBeNull();
    await expect(alert.querySelector("[onmouseover]")).toBeNull();
    await expect((window as { __xss?: number }).__xss).toBeUndefined();
  },
};
