import type { Meta, StoryObj } from "@storybook/react-vite";
import { delay, http } from "msw";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { STORY_PAYER } from "@/testing/msw/fixtures";
import { storyServer } from "@/testing/msw/store";
import { RefundDialog, type RefundSender } from "./refund-dialog";

const PAYMENT = "tx-1";
const payment = { received: "12500000", refunded: "0", balance: "40000000", decimals: 6, token: "USDC" };

const meta = {
  title: "Refunds/RefundDialog",
  component: RefundDialog,
  args: { open: true, onOpenChange: fn(), paymentId: PAYMENT, sendRefund: fn(async () => "5igRefund"), pollMs: 10, onRefunded: fn() },
  parameters: { merchantSession: true, toastBar: true, serverData: { refundables: { [PAYMENT]: payment } } },
} satisfies Meta<typeof RefundDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const dialog = (name = "Refund") => body().getByRole("dialog", { name });
const valueOf = (term: string) => within(dialog()).getByText(term, { selector: "dt" }).nextElementSibling as HTMLElement;

/** Checking balance: the server has not answered yet. */
export const CheckingBalance: Story = {
  parameters: { msw: { handlers: [http.post("/api/v2/refunds/feasibility", () => delay("infinite"))] } },
  play: async () => {
    await expect(within(dialog()).getByRole("status")).toHaveTextContent("Checking balance…");
  },
};

/** The balance shown: what can be refunded and the wallet's balance; Refund and Cancel. */
export const BalanceShown: Story = {
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toHaveTextContent("12.5 USDC"));
    await expect(valueOf("Your wallet balance")).toHaveTextContent("40 USDC");
    await expect(within(dialog()).getByRole("switch", { name: "Partial refund" })).not.toBeChecked();
    await expect(within(dialog()).queryByRole("slider")).toBeNull();
  },
};

/** The wallet the refund goes to, before anything is signed: shortened, with a copy button; one payer, nothing to choose. */
export const DestinationShown: Story = {
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toHaveTextContent("12.5 USDC"));
    const destination = within(dialog()).getByTestId("refund-destination");
    await expect(destination).toHaveTextContent("Refund to");
    await expect(destination).toHaveTextContent("7Np41o…KCT4K2");
    await expect(within(destination).getByRole("button", { name: STORY_PAYER })).toBeVisible();
    await expect(within(destination).getByRole("button", { name: "Copy address" })).toBeVisible();
    await expect(within(dialog()).queryByRole("radio")).toBeNull();
  },
};

/**
 * A stranger read the reference (off the QR at the counter) and sent 1 base unit before the payer:
 * the payer, who sent the most, is the default destination; the stranger can only get its dust back.
 */
const STRANGER = "Dust5trangerWa11et1111111111111111111111111";
const afterDust = { ...payment, received: "12500001", senders: [{ address: STRANGER, sent: "1" }, { address: STORY_PAYER, sent: "12500000" }] };

export const SeveralSenders: Story = {
  parameters: { serverData: { refundables: { [PAYMENT]: afterDust } } },
  play: async ({ args }) => {
    await waitFor(() => expect(valueOf("Refundable")).toHaveTextContent("12.5 USDC"));
    const payer = within(dialog()).getByRole("radio", { name: `${STORY_PAYER} Refundable: 12.5 USDC` });
    const stranger = within(dialog()).getByRole("radio", { name: `${STRANGER} Refundable: 0.000001 USDC` });
    await expect(payer).toBeChecked();
    await expect(within(dialog()).getByTestId("refund-destination")).toHaveTextContent("7Np41o…KCT4K2");
    // The merchant sends the stranger its own dust back, and nothing more.
    await userEvent.click(stranger);
    await expect(valueOf("Refundable")).toHaveTextContent("0.000001 USDC");
    await expect(within(dialog()).getByTestId("refund-destination")).toHaveTextContent("Dust5t…111111");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(args.onRefunded).toHaveBeenCalled());
    await expect(storyServer.bodiesSentTo("POST", "/api/v2/refunds/init")).toEqual([{ paymentId: PAYMENT, to: STRANGER }]);
    await expect(args.sendRefund).toHaveBeenCalledWith(expect.objectContaining({ to: STRANGER, amount: "1" }), expect.anything(), expect.any(Function));
    // Picture the settled end: the confirmation, not the moment between sending and confirming.
    await waitFor(() => expect(dialog()).toHaveTextContent("Refund confirmed"));
  },
};

/** The choice as drawn: the payer chosen, each sender with what may still go back to it. */
export const SeveralSendersChoice: Story = {
  parameters: { serverData: { refundables: { [PAYMENT]: afterDust } } },
  play: async () => {
    await waitFor(() => expect(within(dialog()).getAllByRole("radio")).toHaveLength(2));
  },
};

export const SeveralSendersFrench: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { refundables: { [PAYMENT]: afterDust } } },
  play: async () => {
    await waitFor(() => expect(within(dialog("Remboursement")).getByRole("radio", { name: `${STORY_PAYER} Remboursable : 12.5 USDC` })).toBeChecked());
    await expect(within(dialog("Remboursement")).getByTestId("refund-destination")).toHaveTextContent("Rembourser à");
  },
};

export const SeveralSendersPhone: Story = {
  globals: { viewport: { value: "phone" } },
  parameters: { serverData: { refundables: { [PAYMENT]: afterDust } } },
  play: async () => {
    await waitFor(() => expect(within(dialog()).getAllByRole("radio")).toHaveLength(2));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const SeveralSendersFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  parameters: { serverData: { refundables: { [PAYMENT]: afterDust } } },
  play: async () => {
    await waitFor(() => expect(within(dialog("Remboursement")).getAllByRole("radio")).toHaveLength(2));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Two payers (5 and 7.5 USDC): the one who sent 5 can get back 5 at most, whatever the payment received. */
export const TwoPayersEachAtMostWhatItSent: Story = {
  parameters: { serverData: { refundables: { [PAYMENT]: { ...payment, senders: [{ address: STRANGER, sent: "5000000" }, { address: STORY_PAYER, sent: "7500000" }] } } } },
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toHaveTextContent("7.5 USDC"));
    await userEvent.click(within(dialog()).getByRole("radio", { name: `${STRANGER} Refundable: 5 USDC` }));
    await userEvent.click(within(dialog()).getByRole("switch", { name: "Partial refund" }));
    const amount = within(dialog()).getByRole("textbox", { name: "Refund amount (USDC)" });
    await expect(amount).toHaveValue("5");
    await userEvent.clear(amount);
    await userEvent.type(amount, "6");
    await expect(amount).toHaveAccessibleDescription("Enter an amount above 0 and at most 5 USDC");
    await expect(within(dialog()).getByRole("button", { name: "Refund" })).toBeDisabled();
  },
};

/** The wallet's balance could not be read, and it holds less than the refund. */
export const BalanceUnknown: Story = {
  parameters: { serverData: { refundables: { [PAYMENT]: { ...payment, balance: null } } } },
  play: async () => {
    await waitFor(() => expect(valueOf("Your wallet balance")).toHaveTextContent("Could not be checked"));
  },
};

export const LowBalance: Story = {
  parameters: { serverData: { refundables: { [PAYMENT]: { ...payment, balance: "1000000" } } } },
  play: async () => {
    await waitFor(() => expect(within(dialog()).getByText("Your wallet holds less than this refund.")).toBeVisible());
  },
};

/** An earlier refund expired unseen on an EVM chain but may still land: the dialog warns that refunding again may pay twice. */
const afterExpired = { ...payment, mayStillArrive: "12500000" };

export const EarlierRefundMayStillArrive: Story = {
  parameters: { serverData: { refundables: { [PAYMENT]: afterExpired } } },
  play: async () => {
    await waitFor(() => expect(within(dialog()).getByRole("note")).toHaveTextContent("An earlier refund of 12.5 USDC was not seen on the network but may still arrive"));
    await expect(within(dialog()).getByRole("button", { name: "Refund" })).toBeEnabled();
  },
};

export const EarlierRefundMayStillArriveFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  parameters: { serverData: { refundables: { [PAYMENT]: afterExpired } } },
  play: async () => {
    await waitFor(() => expect(within(dialog("Remboursement")).getByRole("note")).toHaveTextContent("Un remboursement précédent de 12.5 USDC"));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

const inRoute = { ...payment, balance: "1000000", via: "route" as const };

/** The payment landed in the merchant's route contract: the balance shown is the route's, and it holds less than the refund. */
export const PaidIntoRoute: Story = {
  parameters: { serverData: { refundables: { [PAYMENT]: inRoute } } },
  play: async () => {
    await waitFor(() => expect(valueOf("Your route's balance")).toHaveTextContent("1 USDC"));
    await expect(within(dialog()).queryByText("Your wallet balance")).toBeNull();
    await expect(within(dialog()).getByText("Your route contract holds less than this refund.")).toBeVisible();
  },
};

export const PaidIntoRouteFrench: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { refundables: { [PAYMENT]: inRoute } } },
  play: async () => {
    await waitFor(() => expect(within(dialog("Remboursement")).getByText("Solde de votre contrat de route")).toBeVisible());
    await expect(within(dialog("Remboursement")).getByText("Votre contrat de route contient moins que ce remboursement.")).toBeVisible();
  },
};

export const PaidIntoRoutePhone: Story = {
  globals: { viewport: { value: "phone" } },
  parameters: { serverData: { refundables: { [PAYMENT]: inRoute } } },
  play: async () => {
    await waitFor(() => expect(valueOf("Your route's balance")).toBeVisible());
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Another merchant's payment (or none): the title says 'Transaction not found'. */
export const TransactionNotFound: Story = {
  args: { paymentId: "someone-elses" },
  play: async ({ args }) => {
    await waitFor(() => expect(dialog("Transaction not found")).toBeVisible());
    const closes = within(dialog("Transaction not found")).getAllByRole("button", { name: "Close" });
    await userEvent.click(closes[closes.length - 1]!);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** The partial toggle reveals the slider (default 100) and the amount; each follows the other. */
export const PartialRefund: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(valueOf("Refundable")).toBeVisible());
    await userEvent.click(within(dialog()).getByRole("switch", { name: "Partial refund" }));
    const slider = within(dialog()).getByRole("slider", { name: "Refund percentage" });
    const amount = within(dialog()).getByRole("textbox", { name: "Refund amount (USDC)" });
    await expect(slider).toHaveAttribute("aria-valuenow", "100");
    await expect(slider).toHaveAttribute("aria-valuemin", "1");
    await expect(amount).toHaveValue("12.5");
    slider.focus();
    for (let i = 0; i < 50; i++) await userEvent.keyboard("{ArrowLeft}");
    await expect(slider).toHaveAttribute("aria-valuenow", "50");
    await expect(amount).toHaveValue("6.25");
    await userEvent.clear(amount);
    await userEvent.type(amount, "2.5");
    await expect(slider).toHaveAttribute("aria-valuenow", "20");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(args.onRefunded).toHaveBeenCalled());
    await expect(storyServer.bodiesSentTo("POST", "/api/v2/refunds/init")).toEqual([{ paymentId: PAYMENT, to: STORY_PAYER, refundAmount: "2500000" }]);
    await expect(args.sendRefund).toHaveBeenCalledWith(expect.objectContaining({ amount: "2500000", memo: "zpay-refund:refund-1" }), expect.anything(), expect.any(Function));
    await expect(within(dialog()).getByRole("status")).toHaveTextContent("Refund confirmed: 2.5 USDC sent back to the payer.");
    await expect(body().getByText("Refund requested")).toBeVisible();
  },
};

/** A typed amount above what is left is refused before anything is sent. */
export const AmountTooLarge: Story = {
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toBeVisible());
    await userEvent.click(within(dialog()).getByRole("switch", { name: "Partial refund" }));
    const amount = within(dialog()).getByRole("textbox", { name: "Refund amount (USDC)" });
    await userEvent.clear(amount);
    await userEvent.type(amount, "13");
    await expect(amount).toHaveAccessibleDescription("Enter an amount above 0 and at most 12.5 USDC");
    await expect(within(dialog()).getByRole("button", { name: "Refund" })).toBeDisabled();
  },
};

/** A full refund: 'Refund requested', the wallet signs, the chain confirms it. */
export const Requested: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(valueOf("Refundable")).toBeVisible());
    await userEvent.click(within(dialog()).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(within(dialog()).getByRole("status")).toHaveTextContent("Refund confirmed: 12.5 USDC sent back to the payer."));
    await expect(body().getByText("Refund requested")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/v2/refunds/init")).toEqual([{ paymentId: PAYMENT, to: STORY_PAYER }]);
    await expect(args.sendRefund).toHaveBeenCalledTimes(1);
  },
};

/** The wallet is still asking the merchant to approve. */
export const WaitingForWallet: Story = {
  args: { sendRefund: fn(() => new Promise<string>(() => {})) },
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toBeVisible());
    await userEvent.click(within(dialog()).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(within(dialog()).getByRole("status")).toHaveTextContent("Approve the refund in your wallet…"));
  },
};

/** The server refuses (already refunded elsewhere): its message as an error toast. */
export const ServerRefuses: Story = {
  parameters: { serverData: { refundables: { [PAYMENT]: { ...payment, refunded: "12500000" } } } },
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toHaveTextContent("0 USDC"));
    await expect(within(dialog()).getByRole("button", { name: "Refund" })).toBeDisabled();
  },
};

/** The wallet refuses to sign: its message as a toast; the refund is cancelled and the balance checked again. */
export const WalletRefuses: Story = {
  args: { sendRefund: fn(async () => Promise.reject(new Error("User rejected the request."))) },
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toBeVisible());
    await userEvent.click(within(dialog()).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(body().getByText("User rejected the request.")).toBeVisible());
    await waitFor(() => expect(storyServer.bodiesSentTo("POST", "/api/v2/refunds/refund-1/cancel")).toHaveLength(1));
  },
};

/**
 * The wallet sent the transfer, then failed (a receipt it could not wait for): money may be on its
 * way, so the refund is not cancelled; the dialog asks the server to find it on chain, which confirms it.
 */
export const WalletFailsAfterSending: Story = {
  args: {
    // The wallet hears of the transfer (onSent), then fails: typed as the dialog calls it.
    sendRefund: fn(async (...[, , onSent]: Parameters<RefundSender>) => {
      onSent?.("0xsent");
      throw new Error("The wallet stopped answering.");
    }) as unknown as (typeof meta)["args"]["sendRefund"],
  },
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toBeVisible());
    await userEvent.click(within(dialog()).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(within(dialog()).getByRole("status")).toHaveTextContent("Refund confirmed: 12.5 USDC sent back to the payer."));
    await expect(storyServer.bodiesSentTo("POST", "/api/v2/refunds/refund-1/sent")).toEqual([{ signature: "0xsent" }]);
    await expect(storyServer.bodiesSentTo("POST", "/api/v2/refunds/refund-1/cancel")).toEqual([]);
  },
};

/** Cancel closes; opening again starts from checking the balance with the toggle off. */
export const CancelResets: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(valueOf("Refundable")).toBeVisible());
    await userEvent.click(within(dialog()).getByRole("switch", { name: "Partial refund" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await waitFor(() => expect(dialog("Remboursement")).toBeVisible());
    await waitFor(() => expect(within(dialog("Remboursement")).getByText("Remboursable")).toBeVisible());
    await userEvent.click(within(dialog("Remboursement")).getByRole("switch", { name: "Remboursement partiel" }));
    await expect(within(dialog("Remboursement")).getByRole("slider", { name: "Pourcentage remboursé" })).toBeVisible();
  },
};

export const FrenchNotFound: Story = {
  globals: { locale: "fr" },
  args: { paymentId: "someone-elses" },
  play: async () => {
    await waitFor(() => expect(dialog("Transaction introuvable")).toBeVisible());
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await waitFor(() => expect(valueOf("Refundable")).toBeVisible());
    await userEvent.click(within(dialog()).getByRole("switch", { name: "Partial refund" }));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
