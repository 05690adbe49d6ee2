import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_WALLET } from "@/testing/msw/fixtures";
import { storyServer } from "@/testing/msw/store";
import { SANDBOX_CHAINS, statusChains } from "./story-chains";
import { WalletConnectDialog } from "./wallet-connect-dialog";

/**
 * A typed-in address another merchant already receives at (409 `address_held_elsewhere`): typing a
 * public address proves nothing, so the form says so in the reader's language and offers to prove
 * it by connecting its wallet and signing (the wallets step, the usual proof flow).
 */
const meta = {
  title: "Wallet/WalletConnectDialog/HeldElsewhere",
  component: WalletConnectDialog,
  args: { open: true, onOpenChange: fn(), onSaved: fn(), api: merchantApi, chains: statusChains(SANDBOX_CHAINS) },
  parameters: { merchantSession: true, serverData: { offeredChains: SANDBOX_CHAINS, heldElsewhere: [STORY_WALLET] } },
} satisfies Meta<typeof WalletConnectDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
/** The wallet dialog (the Confirm dialog opens over it). */
const dialog = () => body().getAllByRole("dialog")[0]!;

const words = {
  en: {
    manual: "Enter address manually",
    field: "Wallet address",
    continue: "Continue",
    confirmTitle: "Confirm Wallet Address",
    confirm: "Confirm",
    refusal: "Another merchant already receives payments at this address. If it is yours, connect its wallet and sign a message to prove it",
    prove: "Connect and sign to prove it is yours",
    walletsTitle: "Connect a wallet",
  },
  fr: {
    manual: "Saisir l’adresse manuellement",
    field: "Adresse du portefeuille",
    continue: "Continuer",
    confirmTitle: "Confirmez l’adresse du portefeuille",
    confirm: "Confirmer",
    refusal: "Un autre marchand reçoit déjà des paiements à cette adresse. Si elle est à vous, connectez son portefeuille et signez un message pour le prouver",
    prove: "Connecter et signer pour prouver qu’elle est à vous",
    walletsTitle: "Connectez un portefeuille",
  },
} as const;

/** Types the other merchant's address in and confirms it: the refusal, the address kept, nothing saved. */
async function typeHeldAddress(lang: keyof typeof words) {
  const w = words[lang];
  await userEvent.click(within(dialog()).getByRole("button", { name: "Solana Devnet" }));
  await userEvent.click(within(dialog()).getByRole("button", { name: w.manual }));
  await userEvent.type(within(dialog()).getByRole("textbox", { name: w.field }), STORY_WALLET);
  await userEvent.click(within(dialog()).getByRole("button", { name: w.continue }));
  await userEvent.click(within(await body().findByRole("dialog", { name: w.confirmTitle })).getByRole("button", { name: w.confirm }));
  await waitFor(() => expect(body().queryByRole("dialog", { name: w.confirmTitle })).toBeNull());
  await expect(await within(dialog()).findByRole("alert")).toHaveTextContent(w.refusal);
  await expect(within(dialog()).getByRole("textbox", { name: w.field })).toHaveValue(STORY_WALLET);
  await expect(within(dialog()).getByRole("button", { name: w.prove })).toBeVisible();
  await expect(storyServer.wallets).toEqual([]);
}

const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};
/** Nothing wider than the phone: the page, and the offer's button (its label wraps). */
const fitsThePhone = async (lang: keyof typeof words) => {
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  await expect(within(dialog()).getByRole("button", { name: words[lang].prove }).getBoundingClientRect().right).toBeLessThanOrEqual(360);
};

/** Refused in the merchant's words, with the offer to prove it. */
export const Refused: Story = {
  play: async ({ args }) => {
    await typeHeldAddress("en");
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** The offer leads to the wallets of the network, to connect the wallet and sign (the proof flow). */
export const ProveBySigning: Story = {
  play: async () => {
    await typeHeldAddress("en");
    await userEvent.click(within(dialog()).getByRole("button", { name: words.en.prove }));
    await expect(dialog()).toHaveAccessibleName(words.en.walletsTitle);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await typeHeldAddress("fr");
  },
};

export const Phone: Story = {
  ...phone360,
  play: async () => {
    await typeHeldAddress("en");
    await fitsThePhone("en");
  },
};

export const PhoneFrench: Story = {
  ...phone360,
  globals: { ...phone360.globals, locale: "fr" },
  play: async () => {
    await typeHeldAddress("fr");
    await fitsThePhone("fr");
  },
};
