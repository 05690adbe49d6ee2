import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { clearWebhookDraft, keepWebhookDraft, WEBHOOK_DRAFT_KEY } from "@/stores/webhook-draft";
import { storyMerchant } from "@/testing/msw/fixtures";
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
  // The draft a "Sign in again" keeps lives in this tab's sessionStorage: no story inherits one.
  beforeEach: () => {
    clearWebhookDraft();
    return () => clearWebhookDraft();
  },
} satisfies Meta<typeof WebhookForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const ENDPOINT = "https://shop.example.com/zpay/webhooks";
const STORE = "example-shop.myshopify.com";
const SECRET = "shpss_typed_before_signing_in";
const saved = { apiHook: null, callback: "https://shop.example.com/thank-you", shopify_store: "", shopify_secret: "" };

/**
 * Saving is refused: the form says why, keeps what was typed and offers to sign in again. Clicking
 * it keeps a draft of the fields for the way back, without the store secret.
 */
export const SignInNeededToSave: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox", { name: "API webhook endpoint" }), ENDPOINT);
    await userEvent.type(c.getByRole("textbox", { name: "Store" }), STORE);
    await userEvent.type(c.getByLabelText("Store secret"), SECRET);
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    const alert = await c.findByRole("alert");
    await expect(alert).toHaveTextContent("needs a recent sign-in");
    await expect(c.getByRole("textbox", { name: "API webhook endpoint" })).toHaveValue(ENDPOINT);
    await expect(args.onSaved).not.toHaveBeenCalled();
    await expect(storyServer.integration.apiHook).toBeUndefined();
    await expect(sessionStorage.getItem(WEBHOOK_DRAFT_KEY)).toBeNull();
    await userEvent.click(within(alert).getByRole("button", { name: "Sign in again" }));
    await expect(args.onSignInAgain).toHaveBeenCalledOnce();
    const kept = sessionStorage.getItem(WEBHOOK_DRAFT_KEY) ?? "";
    await expect(JSON.parse(kept)).toMatchObject({ owner: storyMerchant()._id, values: { endpoint: ENDPOINT, shopify_store: STORE }, secretTyped: true });
    await expect(kept).not.toContain(SECRET);
  },
};

/**
 * Save is disabled while the request runs, and Chromium drops the focus of a button that becomes
 * disabled, unless the answer came back before React drew it disabled: then Save keeps its focus
 * ring. Which one happens is a race (one CI run in a few thousand), so these pictures are taken
 * with nothing focused.
 */
const settleSaveFocus = () => (document.activeElement as HTMLElement | null)?.blur();

/** Keeps the draft a "Sign in again" left, as the merchant's page does before leaving for /auth. */
const draftLeftBeforeSigningIn = (secretTyped: boolean) => () => {
  keepWebhookDraft({ endpoint: ENDPOINT, callback: saved.callback, shopify_store: STORE, shopify_secret: SECRET }, storyMerchant()._id, secretTyped);
  return () => clearWebhookDraft();
};

/**
 * Back from signing in again: the form holds what was typed before (the saved settings under it),
 * says so, and saving it now goes through. The draft is gone once restored.
 */
export const RestoredAfterSigningInAgain: Story = {
  args: { settings: saved },
  parameters: { serverData: { staleSignIn: false } }, // signed in again: a recent sign-in
  beforeEach: draftLeftBeforeSigningIn(false),
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("status")).toHaveTextContent("Restored what you typed before signing in again. Check it, then save.");
    await expect(c.getByRole("textbox", { name: "API webhook endpoint" })).toHaveValue(ENDPOINT);
    await expect(c.getByRole("textbox", { name: "Redirect URL" })).toHaveValue(saved.callback);
    await expect(c.getByRole("textbox", { name: "Store" })).toHaveValue(STORE);
    await expect(c.getByLabelText("Store secret")).toHaveValue("");
    await expect(sessionStorage.getItem(WEBHOOK_DRAFT_KEY)).toBeNull();
    const save = c.getByRole("button", { name: "Save" });
    await expect(save).toBeEnabled();
    await userEvent.click(save);
    await expect(await within(document.body).findByText("Updated successfully")).toBeVisible();
    await expect(args.onSaved).toHaveBeenCalledOnce();
    await expect(storyServer.integration.apiHook).toBe(ENDPOINT);
    await expect(storyServer.integration.shopify_store).toBe(STORE);
    await expect(c.queryByText(/Restored what you typed/)).toBeNull();
  },
};

/** The same in French on a 360 px phone, with a store secret typed before: it is asked for again. */
export const RestoredAfterSigningInAgainFrenchPhone: Story = {
  args: { settings: saved },
  parameters: { serverData: { staleSignIn: false } }, // signed in again: a recent sign-in
  globals: { locale: "fr", viewport: { value: "phone" } },
  beforeEach: draftLeftBeforeSigningIn(true),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("status")).toHaveTextContent("sauf le secret de la boutique (jamais conservé)");
    await expect(c.getByRole("textbox", { name: "Point de terminaison webhook de l’API" })).toHaveValue(ENDPOINT);
    await expect(c.getByLabelText("Secret de la boutique")).toHaveValue("");
    await expect(c.getByRole("button", { name: "Enregistrer" })).toBeEnabled();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** English on a 360 px phone, before saving: the note under the restored fields, Save ready. */
export const RestoredAfterSigningInAgainPhone: Story = {
  args: { settings: saved },
  parameters: { serverData: { staleSignIn: false } }, // signed in again: a recent sign-in
  globals: { viewport: { value: "phone" } },
  beforeEach: draftLeftBeforeSigningIn(false),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Restored what you typed before signing in again. Check it, then save.")).toBeVisible();
    await expect(c.getByRole("textbox", { name: "Store" })).toHaveValue(STORE);
    await expect(c.getByRole("button", { name: "Save" })).toBeEnabled();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Another merchant's draft (a different wallet signed in) is never shown: the saved settings are. */
export const OtherMerchantsDraftIgnored: Story = {
  args: { settings: saved },
  parameters: { serverData: { staleSignIn: false } }, // signed in again: a recent sign-in
  beforeEach: () => {
    keepWebhookDraft({ endpoint: ENDPOINT, callback: "", shopify_store: STORE, shopify_secret: "" }, "another-merchant", false);
    return () => clearWebhookDraft();
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("textbox", { name: "API webhook endpoint" })).toHaveValue("");
    await expect(c.getByRole("textbox", { name: "Store" })).toHaveValue("");
    await expect(c.queryByRole("status")).toBeNull();
    await expect(c.getByRole("button", { name: "Save" })).toBeDisabled();
    await expect(sessionStorage.getItem(WEBHOOK_DRAFT_KEY)).toBeNull();
  },
};

/** The same in French on a 360 px phone: the message wraps above its button, nothing scrolls sideways. */
export const SignInNeededToSaveFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox", { name: "Point de terminaison webhook de l’API" }), ENDPOINT);
    await userEvent.click(c.getByRole("button", { name: "Enregistrer" }));
    const alert = await c.findByRole("alert");
    await expect(alert).toHaveTextContent("connexion récente");
    await expect(within(alert).getByRole("button", { name: "Se reconnecter" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    settleSaveFocus();
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
    settleSaveFocus();
  },
};
