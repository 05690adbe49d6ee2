import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import enZapi from "../../../public/assets/translations/en/zapi.json";
import frSecurity from "../../../public/assets/translations/fr/security.json";
import { FreshSignInAlert } from "./fresh-sign-in-alert";

const meta = {
  title: "Session/FreshSignInAlert",
  component: FreshSignInAlert,
  // The words are the asking card's own (zAPI keys here, Security's webhook form below).
  args: { message: enZapi.keys.freshSignIn, actionLabel: enZapi.keys.signInAgain, onSignInAgain: fn() },
} satisfies Meta<typeof FreshSignInAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Revealing the webhook signing secret (on the zAPI page) needs a recent sign-in: the reason, and the button that starts it. */
export const SecretNeedsRecentSignIn: Story = {
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveTextContent("For your security, revealing or regenerating the webhook secret needs a recent sign-in.");
    await expect(args.onSignInAgain).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole("button", { name: "Sign in again" }));
    await expect(args.onSignInAgain).toHaveBeenCalledTimes(1);
  },
};

/** Security's longer French reason on a 360 px phone: it wraps, the button sits under it, nothing is cut. */
export const SettingsNeedRecentSignInFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  args: { message: frSecurity.webhook.freshSignIn, actionLabel: frSecurity.webhook.signInAgain },
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveTextContent(/^Par sécurité, enregistrer ces réglages demande une connexion récente\./);
    const button = within(alert).getByRole("button", { name: "Se reconnecter" });
    await expect(button).toBeVisible();
    // Nothing wider than the alert, and the alert inside the phone's width.
    await expect(alert.scrollWidth).toBeLessThanOrEqual(alert.clientWidth);
    const box = alert.getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
    await userEvent.click(button);
    await expect(args.onSignInAgain).toHaveBeenCalledTimes(1);
  },
};
