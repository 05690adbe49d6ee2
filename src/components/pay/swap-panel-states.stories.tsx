import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { PayClock } from "./pay-clock";
import { formatTokenUnits } from "./pay-format";
import type { SwapView } from "./pay-page-state";
import { SwapPanel } from "./swap-panel";
import { SOL_HOLDING, SWAP_HOLDINGS, swapAnswerFor } from "./testing/fake-pay";

/**
 * The "Pay with another token" panel (issue 26) in each of its states, as the pay page draws it
 * from the machine's `swap` view: the pictures of the panel (the page journeys are in
 * swap-panel.stories.tsx). The clock is frozen 30 s before the quote expires.
 */

const ANSWER = swapAnswerFor(SOL_HOLDING);
const NOW = Date.parse(ANSWER.quote.expiresAt) - 30_000;
const withQuote = { holdings: SWAP_HOLDINGS, holding: SOL_HOLDING, answer: ANSWER };

function Panel({ swap, now = NOW, canPay = true, onPick, onPay, onClose }: { swap: SwapView; now?: number; canPay?: boolean; onPick: (mint: string) => void; onPay: () => void; onClose: () => void }) {
  const { i18n } = useTranslation();
  const amount = formatTokenUnits("49990000", 6, "USDC", i18n.resolvedLanguage ?? "en");
  return (
    <PayClock now={now}>
      <div className="max-w-md">
        <SwapPanel swap={swap} token="USDC" amount={amount} canPay={canPay} onPick={onPick} onPay={onPay} onClose={onClose} />
      </div>
    </PayClock>
  );
}

const meta = {
  title: "Pay/PayWithAnotherToken/States",
  component: Panel,
  args: { swap: { step: "listing" }, onPick: fn(), onPay: fn(), onClose: fn() },
} satisfies Meta<typeof Panel>;
export default meta;
type Story = StoryObj<typeof meta>;

const fr = { locale: "fr" };
const frPhone = { locale: "fr", viewport: { value: "phone" } };
const phone = { viewport: { value: "phone" } };

export const Listing: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Reading your wallet’s balances…");
  },
};
export const ListingFrenchPhone: Story = { globals: frPhone };

/** Picking a token asks for its quote; the way back is offered. */
export const List: Story = {
  args: { swap: { step: "list", holdings: SWAP_HOLDINGS } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: /^USDT You hold 120 USDT/ }));
    await expect(args.onPick).toHaveBeenCalledWith(SWAP_HOLDINGS[1]!.mint);
    await userEvent.click(c.getByRole("button", { name: "Pay with USDC instead" }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
export const ListFrench: Story = { args: { swap: { step: "list", holdings: SWAP_HOLDINGS } }, globals: fr };
export const ListPhone: Story = { args: { swap: { step: "list", holdings: SWAP_HOLDINGS } }, globals: phone };

export const NothingToSwap: Story = { args: { swap: { step: "list", holdings: [] } } };
export const BalancesUnreadableFrench: Story = { args: { swap: { step: "list", holdings: [], unavailable: true } }, globals: fr };

/** The token picked waits for its quote: nothing else can be pressed meanwhile. */
export const Quoting: Story = {
  args: { swap: { step: "quoting", holdings: SWAP_HOLDINGS, holding: SOL_HOLDING } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Getting a quote…")).toBeVisible();
    for (const b of c.getAllByRole("button")) await expect(b).toBeDisabled();
  },
};
export const QuotingFrenchPhone: Story = { args: { swap: { step: "quoting", holdings: SWAP_HOLDINGS, holding: SOL_HOLDING } }, globals: frPhone };

/** What the payer gives (about, and at most), the price impact, what the merchant gets, the time the quote holds. */
export const Quote: Story = {
  args: { swap: { step: "quote", ...withQuote } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("You pay about").nextElementSibling).toHaveTextContent("0.333266667 SOL");
    await expect(c.getByText("Quote holds for").nextElementSibling).toHaveTextContent("0:30");
    await expect(c.getByRole("button", { name: /^SOL/ })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(c.getByRole("button", { name: "Pay about 0.333266667 SOL" }));
    await expect(args.onPay).toHaveBeenCalled();
  },
};
export const QuoteFrench: Story = { args: { swap: { step: "quote", ...withQuote } }, globals: fr };
export const QuotePhone: Story = {
  args: { swap: { step: "quote", ...withQuote } },
  globals: phone,
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
export const QuoteFrenchPhone: Story = { args: { swap: { step: "quote", ...withQuote } }, globals: frPhone };

/** Time is up: said so, and Pay still offered (it asks a fresh quote before the wallet signs). */
export const QuoteStale: Story = {
  args: { swap: { step: "quote", ...withQuote }, now: Date.parse(ANSWER.quote.expiresAt) + 1000 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("status")).toHaveTextContent("This quote expired");
    await expect(c.getByText("Quote holds for").nextElementSibling).toHaveTextContent("0:00");
    await expect(c.getByRole("button", { name: "Pay about 0.333266667 SOL" })).toBeEnabled();
  },
};
export const QuoteStaleFrenchPhone: Story = { args: { swap: { step: "quote", ...withQuote }, now: Date.parse(ANSWER.quote.expiresAt) + 1000 }, globals: frPhone };

/** Pay on a stale quote: a fresh one is asked for first. */
export const Refreshing: Story = {
  args: { swap: { step: "paying", ...withQuote, refreshing: true }, now: Date.parse(ANSWER.quote.expiresAt) + 1000 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Refreshing the quote…")).toBeVisible();
    await expect(c.getByRole("button", { name: "Confirm in your wallet…" })).toBeDisabled();
  },
};
export const RefreshingFrenchPhone: Story = { args: { swap: { step: "paying", ...withQuote, refreshing: true }, now: Date.parse(ANSWER.quote.expiresAt) + 1000 }, globals: frPhone };

/** The wallet is asked to sign. */
export const Paying: Story = { args: { swap: { step: "paying", ...withQuote } } };
export const PayingFrenchPhone: Story = { args: { swap: { step: "paying", ...withQuote } }, globals: frPhone };
