import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { storyServer } from "@/testing/msw/store";
import { WebhookForm } from "./webhook-form";

/**
 * The webhook form on a session signed in too long ago: the save answers the signing secret, so
 * the server wants a recent sign-in first (401 fresh_sign_in_required). The form's other states
 * are in webhook-form.stories.tsx.
 */
const meta = {
  title: "Settings/WebhookFormSignInAgain",
  component: WebhookForm,
  args: { api: merchantApi, settings: null, onSaved: fn(), onSignInAgain: fn() },
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { staleSignIn: true } },
} satisfies Meta<typeof WebhookForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const ENDPOINT = "https://shop.example.com/zpay/webhooks";

/** Saving is refused: the form says why, keeps what was typed and offers to sign in again. */
export const SignInNeededToSave: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox", { name: "API webhook endpoint" }), ENDPOINT);
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    const alert = await c.findByRole("alert");
    await expect(alert).toHaveTextContent("needs a recent sign-in");
    await expect(c.getByRole("textbox", { name: "API webhook endpoint" })).toHaveValue(ENDPOINT);
    await expect(args.onSaved).not.toHaveBeenCalled();
    await expect(storyServer.integration.apiHook).toBeUndefined();
    await userEvent.click(within(alert).getByRole("button", { name: "Sign in again" }));
    await expect(args.onSignInAgain).toHaveBeenCalledOnce();
  },
};

/** The same in French on a 360 px phone: the message wraps above its button, nothing scrolls sideways. */
export const SignInNeededToSaveFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox", { name: "Point de terminaison webhook de l'API" }), ENDPOINT);
    await userEvent.click(c.getByRole("button", { name: "Enregistrer" }));
    const alert = await c.findByRole("alert");
    await expect(alert).toHaveTextContent("connexion récente");
    await expect(within(alert).getByRole("button", { name: "Se reconnecter" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** English on a 360 px phone. */
export const SignInNeededToSavePhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox", { name: "API webhook endpoint" }), ENDPOINT);
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await c.findByRole("alert")).toHaveTextContent("Sign in again");
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
