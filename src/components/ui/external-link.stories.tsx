import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { ExternalLink } from "./external-link";

const explorer = "https://solscan.io/tx/5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

const meta = {
  title: "UI/ExternalLink",
  component: ExternalLink,
  args: { href: explorer, children: "View on explorer" },
} satisfies Meta<typeof ExternalLink>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A merchant screen's explorer link: opens a new tab, cut off from this page, and says so to screen readers. */
export const ExplorerLink: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "View on explorer (opens in a new tab)" });
    await expect(link).toHaveAttribute("href", explorer);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(within(canvasElement).getByText("(opens in a new tab)")).toHaveClass("sr-only");
  },
};

/** The pay page's underlined link, e.g. to the merchant's site. */
export const UnderlinedOnThePayPage: Story = {
  args: { variant: "underlined", href: "https://climb.example", children: "Visit climb.example" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: /^Visit climb\.example/ })).toHaveAttribute("target", "_blank");
  },
};

/** Inside a button: the button's look, the link's behaviour; an icon-only one is named by its label. */
export const AsButtons: Story = {
  render: () => (
    <div className="flex items-center gap-2">
      <Button asChild variant="secondary">
        <ExternalLink href="https://phantom.app/download" variant="bare">
          Get Phantom
        </ExternalLink>
      </Button>
      <Button asChild variant="outline" size="icon">
        <ExternalLink href="https://pay.example/?p=abc" variant="bare" aria-label="Open the payment page" title="Open the payment page" />
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "Get Phantom (opens in a new tab)" })).toHaveAttribute("rel", "noopener noreferrer");
    await expect(c.getByRole("link", { name: "Open the payment page" })).toHaveAttribute("target", "_blank");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  args: { children: "Voir dans l’explorateur" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Voir dans l’explorateur (s’ouvre dans un nouvel onglet)" })).toBeVisible();
  },
};
