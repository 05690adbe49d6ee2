import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { SWAP_FAILURE_MESSAGES, SwapFailedError, type SwapFailure } from "@/lib/swap-api";
import { memoryPaymentStores } from "@/stores/testing/payment-stores";
import { PayClock } from "./pay-clock";
import { PayFlowView } from "./pay-flow-view";
import { PAYER_ADDRESS, SOL_HOLDING, TX_HASH, USD_PRODUCT, fakePayApi, fakeSender, fakeSwapper, progressSequence, swapAnswerFor } from "./testing/fake-pay";

/**
 * "Pay with another token" (issue 26) on the Solana pay page: the tokens the connected wallet
 * holds that can be swapped for the amount due, the quote for the one picked (about what the payer
 * gives, at most, the price impact, how long it holds), then the wallet signs it. The clock is
 * frozen 30 s before the quote expires, so the countdown's picture is the same every run.
 * The pictures of the panel's states are swap-panel-states.stories.tsx's (the whole page is taller
 * than the picture a page story gets); these keep the pictures of the failures' words.
 */

/** Outside the sandbox (no banner, no test coins): the failure's words sit high enough for the page's picture. */
const PRODUCT = { ...USD_PRODUCT, sandbox: false };
const QUOTE_EXPIRES = swapAnswerFor().quote.expiresAt;
const NOW = Date.parse(QUOTE_EXPIRES) - 30_000;
const swapFailed = (code: SwapFailure) => new SwapFailedError(code);

type Behaviour = Parameters<typeof fakeSwapper>[0];

function SwapStory({ behaviour = {}, now = NOW, paid = false }: { behaviour?: Behaviour; now?: number; paid?: boolean }) {
  const [stores] = useState(() => memoryPaymentStores());
  const [world] = useState(() => ({
    swapper: fakeSwapper(behaviour),
    api: fakePayApi(PRODUCT, paid ? { progress: progressSequence({ status: "paid", hash: TX_HASH }) } : {}),
  }));
  return (
    <PayClock now={now}>
      <PayFlowView
        productId={PRODUCT.id}
        api={world.api}
        stores={stores}
        wallet={{ family: "solana", wallets: [], address: PAYER_ADDRESS, connecting: false, connect: () => {}, disconnect: () => {} }}
        sender={fakeSender()}
        swapper={world.swapper}
        pollMs={200}
      />
    </PayClock>
  );
}

const meta = {
  title: "Pay/PayWithAnotherToken/Journey",
  component: SwapStory,
  parameters: { layout: "fullscreen", toastBar: true },
} satisfies Meta<typeof SwapStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const french = { globals: { locale: "fr", viewport: { value: "phone" } } };

/** Opens the choice and answers the panel (region) once it shows `waitFor`. */
async function openSwap(canvasElement: HTMLElement, fr = false) {
  const c = within(canvasElement);
  const open = await c.findByRole("button", { name: fr ? "Échanger un autre jeton pour payer" : "Swap another token to pay" }, { timeout: 5000 });
  await userEvent.click(open);
  const region = await c.findByRole("region", { name: fr ? "Payer avec un autre jeton" : "Pay with another token" });
  return { c, region: within(region) };
}

async function pickSol(canvasElement: HTMLElement, fr = false) {
  const opened = await openSwap(canvasElement, fr);
  const sol = await opened.region.findByRole("button", { name: fr ? /^SOL Vous détenez 2,5 SOL/ : /^SOL You hold 2.5 SOL/ });
  await userEvent.click(sol);
  await opened.region.findByRole("button", { name: fr ? "Payer environ 0,333266667 SOL" : "Pay about 0.333266667 SOL" });
  return opened;
}

async function payQuote(canvasElement: HTMLElement, fr = false) {
  const opened = await pickSol(canvasElement, fr);
  await userEvent.click(opened.region.getByRole("button", { name: fr ? "Payer environ 0,333266667 SOL" : "Pay about 0.333266667 SOL" }));
  return opened;
}

/** The panel's heading takes focus (the page scrolls to it); the picture is of the whole page from its top. */
const atTop = () => window.scrollTo(0, 0);

const noOverflow = async () => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);

/** The wallet's balances are being read. */
export const Listing: Story = {
  tags: ["no-screenshot"],
  args: { behaviour: { hangList: true } },
  play: async ({ canvasElement }) => {
    const { region } = await openSwap(canvasElement);
    await expect(region.getByRole("status")).toHaveTextContent("Reading your wallet’s balances…");
    atTop();
  },
};
export const ListingFrench: Story = {
  tags: ["no-screenshot"],
  ...french,
  args: { behaviour: { hangList: true } },
  play: async ({ canvasElement }) => {
    const { region } = await openSwap(canvasElement, true);
    await expect(region.getByRole("status")).toHaveTextContent("Lecture des soldes de votre portefeuille…");
    atTop();
  },
};

/** What the wallet holds of the tokens the provider takes, with the amount held. */
export const List: Story = {
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const { region } = await openSwap(canvasElement);
    const list = await region.findByRole("list", { name: "Tokens in your wallet" });
    await expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["SOLYou hold 2.5 SOL", "USDTYou hold 120 USDT"]);
    // The direct Pay button gives way to the panel; the way back names the payment's token.
    await expect(within(canvasElement).queryByRole("button", { name: "Pay $49.99" })).toBeNull();
    await expect(region.getByRole("button", { name: "Pay with USDC instead" })).toBeEnabled();
    atTop();
  },
};
export const ListFrench: Story = {
  tags: ["no-screenshot"],
  ...french,
  play: async ({ canvasElement }) => {
    const { region } = await openSwap(canvasElement, true);
    await expect(await region.findByRole("button", { name: /^USDT Vous détenez 120 USDT/ })).toBeEnabled();
    await noOverflow();
    atTop();
  },
};

/** Nothing else to pay with, or the balances could not be read: said so, the way back offered. */
export const NothingToSwap: Story = {
  tags: ["no-screenshot"],
  args: { behaviour: { holdings: [] } },
  play: async ({ canvasElement }) => {
    const { region } = await openSwap(canvasElement);
    await expect(await region.findByText("Your wallet holds no other token that can pay this. Pay with USDC instead.")).toBeVisible();
    atTop();
  },
};
export const BalancesUnreadableFrench: Story = {
  tags: ["no-screenshot"],
  ...french,
  args: { behaviour: { holdings: new Error("RPC down") } },
  play: async ({ canvasElement }) => {
    const { region } = await openSwap(canvasElement, true);
    await expect(await region.findByText(/Les soldes de votre portefeuille sont illisibles/)).toBeVisible();
    atTop();
  },
};

/** A quote is being asked for the token picked. */
export const Quoting: Story = {
  tags: ["no-screenshot"],
  args: { behaviour: { quote: () => new Promise(() => {}) } },
  play: async ({ canvasElement }) => {
    const { region } = await openSwap(canvasElement);
    await userEvent.click(await region.findByRole("button", { name: /^SOL/ }));
    await expect(await region.findByText("Getting a quote…")).toBeVisible();
    await expect(region.getByRole("button", { name: /^USDT/ })).toBeDisabled();
    atTop();
  },
};

/** The quote: about 0.333 SOL, at most 0.335 (0.5 % slippage), 0.12 % price impact, 30 s left. */
export const Quote: Story = {
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const { region } = await pickSol(canvasElement);
    const facts = (term: string) => region.getByText(term).nextElementSibling;
    await expect(facts("You pay about")).toHaveTextContent("0.333266667 SOL");
    await expect(facts("At most")).toHaveTextContent("0.334933001 SOL");
    await expect(facts("Slippage limit")).toHaveTextContent("0.5%");
    await expect(facts("Price impact")).toHaveTextContent("0.12%");
    await expect(facts("The merchant receives")).toHaveTextContent("49.99 USDC");
    await expect(facts("Quote holds for")).toHaveTextContent("0:30");
    atTop();
  },
};
export const QuoteFrench: Story = {
  tags: ["no-screenshot"],
  ...french,
  play: async ({ canvasElement }) => {
    const { region } = await pickSol(canvasElement, true);
    await expect(region.getByText("Vous payez environ").nextElementSibling).toHaveTextContent("0,333266667 SOL");
    await expect(region.getByText("Devis valable encore").nextElementSibling).toHaveTextContent("0:30");
    await noOverflow();
    atTop();
  },
};

/** The quote's time is up: Pay still works, it asks a fresh quote first (said so). */
export const QuoteStale: Story = {
  tags: ["no-screenshot"],
  args: { now: Date.parse(QUOTE_EXPIRES) + 1000 },
  play: async ({ canvasElement }) => {
    const { region } = await pickSol(canvasElement);
    await expect(region.getByRole("status")).toHaveTextContent("This quote expired: Pay gets a fresh one before your wallet signs.");
    await expect(region.getByRole("button", { name: "Pay about 0.333266667 SOL" })).toBeEnabled();
    atTop();
  },
};

/** Pay on a stale quote: the fresh one is asked for before the wallet signs. */
export const Refreshing: Story = {
  tags: ["no-screenshot"],
  args: { now: Date.parse(QUOTE_EXPIRES) + 1000, behaviour: { refresh: swapAnswerFor(SOL_HOLDING, "2026-11-22T18:40:00.000Z"), hangSend: true } },
  play: async ({ canvasElement }) => {
    const { region } = await payQuote(canvasElement);
    await expect(await region.findByText("Refreshing the quote…")).toBeVisible();
    await expect(region.getByRole("button", { name: "Confirm in your wallet…" })).toBeDisabled();
    atTop();
  },
};
export const RefreshingFrench: Story = {
  tags: ["no-screenshot"],
  ...french,
  args: { now: Date.parse(QUOTE_EXPIRES) + 1000, behaviour: { refresh: swapAnswerFor(SOL_HOLDING, "2026-11-22T18:40:00.000Z"), hangSend: true } },
  play: async ({ canvasElement }) => {
    const { region } = await payQuote(canvasElement, true);
    await expect(await region.findByText("Actualisation du devis…")).toBeVisible();
    atTop();
  },
};

/** Signed and sent: the same payment screens as a direct payment, then paid. */
export const PaidWithSol: Story = {
  tags: ["no-screenshot"],
  args: { paid: true },
  play: async ({ canvasElement }) => {
    const { c } = await payQuote(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment received" }, { timeout: 5000 })).toBeVisible();
    atTop();
  },
};

/** Each failure in its words, the payer back at the list: nothing was paid, the payment still payable. */
function failure(code: SwapFailure, at: "quote" | "send"): Story {
  return {
    args: { behaviour: at === "quote" ? { quote: () => Promise.reject(new ApiRequestError(422, SWAP_FAILURE_MESSAGES[code], code)) } : { errorAfterSend: swapFailed(code) } },
    play: async ({ canvasElement }) => {
      const c = within(canvasElement);
      if (at === "quote") {
        const { region } = await openSwap(canvasElement);
        await userEvent.click(await region.findByRole("button", { name: /^SOL/ }));
      } else {
        await payQuote(canvasElement);
      }
      const alert = await c.findByRole("alert", {}, { timeout: 5000 });
      await expect(alert).toHaveTextContent(SWAP_FAILURE_MESSAGES[code]);
      // Still payable: the list is back, its tokens enabled.
      await waitFor(() => expect(c.getByRole("button", { name: /^SOL/ })).toBeEnabled());
      atTop();
    },
  };
}
export const NoRoute = failure("swap_no_route", "quote");
export const NotEnoughBalance = failure("swap_insufficient_balance", "quote");
export const QuoteExpired = failure("swap_quote_expired", "send");
export const SlippageExceeded = failure("swap_slippage_exceeded", "send");
export const SlippageExceededFrench: Story = {
  ...french,
  args: { behaviour: { errorAfterSend: swapFailed("swap_slippage_exceeded") } },
  play: async ({ canvasElement }) => {
    await payQuote(canvasElement, true);
    await expect(await within(canvasElement).findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(/Le prix a dépassé la tolérance de glissement/);
    atTop();
  },
};
export const NoRouteFrench: Story = {
  ...french,
  args: { behaviour: { quote: () => Promise.reject(new ApiRequestError(422, SWAP_FAILURE_MESSAGES.swap_no_route, "swap_no_route")) } },
  play: async ({ canvasElement }) => {
    const { region } = await openSwap(canvasElement, true);
    await userEvent.click(await region.findByRole("button", { name: /^SOL/ }));
    await expect(await within(canvasElement).findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(/Personne ne peut échanger ce jeton/);
    atTop();
  },
};
