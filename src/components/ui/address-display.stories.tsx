import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { AddressDisplay } from "./address-display";

const solana = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

const meta = {
  title: "UI/AddressDisplay",
  component: AddressDisplay,
  args: { address: solana },
} satisfies Meta<typeof AddressDisplay>;
export default meta;
type Story = StoryObj<typeof meta>;

/** First and last 4 characters (top bar); the full address is the accessible name. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: solana });
    await expect(trigger).toHaveTextContent(`7xKX…gAsU${solana}`);
    await expect(within(canvasElement).getByText("7xKX…gAsU")).toBeVisible();
    await expect(within(document.body).queryByRole("tooltip")).not.toBeInTheDocument();
  },
};

/** Hovering shows the full address in a tooltip. */
export const Hovered: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: solana });
    await userEvent.hover(trigger);
    const tooltip = await within(document.body).findByRole("tooltip");
    await expect(tooltip).toHaveTextContent(solana);
    await expect(trigger).toHaveAccessibleDescription(solana);
    await expect(document.body.querySelector('[data-slot="address-display-tooltip"]')).toBeVisible();
  },
};

/** Tabbing to it shows the tooltip too; Escape hides it. */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: solana });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await expect(await within(document.body).findByRole("tooltip")).toHaveTextContent(solana);
    await userEvent.keyboard("{Escape}");
    await expect(within(document.body).queryByRole("tooltip")).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
  },
};

/** The Solana address button's 11 + 11 characters. */
export const ElevenCharacters: Story = {
  args: { chars: 11 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("7xKXtg2CW87…TZRuJosgAsU")).toBeVisible();
  },
};

/** A short address (a NEAR name) is shown whole, with no tooltip. */
export const Short: Story = {
  args: { address: "shop.near" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("shop.near")).toBeVisible();
    await expect(within(canvasElement).queryByRole("button")).not.toBeInTheDocument();
  },
};

/**
 * With a copy button for touch screens; copying puts the full address on the clipboard, and the
 * check goes back to the copy icon after the default 2 s (awaited, so the screenshot is stable).
 */
export const Copyable: Story = {
  args: { copyable: true, onCopied: fn() },
  beforeEach: () => {
    const writeText = fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    return () => {
      Reflect.deleteProperty(navigator, "clipboard");
    };
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Copy address" }));
    await waitFor(() => expect(args.onCopied).toHaveBeenCalledWith(solana));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(solana);
    await expect(canvas.getByRole("status")).toHaveTextContent("Copied");
    await waitFor(() => expect(canvas.getByRole("status")).toBeEmptyDOMElement(), { timeout: 4000 });
  },
};
