import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_NEW_API_SECRET } from "@/testing/msw/api-keys-handlers";
import { STORY_NOW } from "@/testing/msw/fixtures";
import { STORY_ZAPI_SECRET, storyServer } from "@/testing/msw/store";
import { ApiSecretSection } from "./api-secret-section";

/** The clipboard stub: real clipboard access is flaky in headless runs. */
const writeText = fn<(text: string) => Promise<void>>();
function stubClipboard() {
  writeText.mockReset();
  writeText.mockResolvedValue(undefined);
  const own = Object.getOwnPropertyDescriptor(navigator, "clipboard");
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  return () => {
    if (own) Object.defineProperty(navigator, "clipboard", own);
    else Reflect.deleteProperty(navigator, "clipboard");
  };
}

const meta = {
  title: "ApiKeys/ApiSecretSection",
  component: ApiSecretSection,
  parameters: { layout: "padded", merchantSession: true, toastBar: true },
  args: { api: merchantApi, onSignInAgain: fn() },
  beforeEach: stubClipboard,
} satisfies Meta<typeof ApiSecretSection>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Clicks the section's Regenerate once the status has loaded (it is disabled until then). */
async function clickRegenerate(canvasElement: HTMLElement, name = "Regenerate API secret") {
  const button = await within(canvasElement).findByRole("button", { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}
const IN_GRACE = { ...STORY_ZAPI_SECRET, previous: { hint: "a9Zk", expiresAt: "2026-11-06T12:00:00.000Z" } };

/** Only the secret's last characters and its date show: the secret itself is never read back. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("zpk_…Qx7w")).toBeVisible();
    await expect(c.getByRole("button", { name: "Regenerate API secret" })).toBeEnabled();
  },
};

/** No API secret yet: Create makes one and shows it once in a dialog with Copy. */
export const CreatedShownOnce: Story = {
  parameters: { serverData: { zapiSecret: { exists: false, hint: null, createdAt: null, legacy: false, previous: null } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(/No API secret yet/)).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Create API secret" }));
    const dialog = await body().findByRole("dialog", { name: "Your new API secret" });
    await expect(dialog).toHaveTextContent(STORY_NEW_API_SECRET);
    await expect(dialog).toHaveTextContent("shown only this once");
    await userEvent.click(within(dialog).getByRole("button", { name: "Copy API secret" }));
    await expect(writeText).toHaveBeenCalledWith(STORY_NEW_API_SECRET);
  },
};

/** Regenerate, keeping the old one for 24 hours: the new one shows once, the old one is listed with Revoke. */
export const RegeneratedWithGrace: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await clickRegenerate(canvasElement);
    const choice = await body().findByRole("dialog", { name: "Regenerate the API secret?" });
    await expect(within(choice).getByRole("radio", { name: /Stop it now/ })).toBeChecked();
    await userEvent.click(within(choice).getByRole("radio", { name: /Keep it working for 24 hours/ }));
    await userEvent.click(within(choice).getByRole("button", { name: "Regenerate API secret" }));
    await waitFor(() => expect(storyServer.requests.find((r) => r.path === "/api/zapi/secret/regenerate")?.body).toEqual({ keepPrevious: true }));
    const shown = await body().findByRole("dialog", { name: "Your new API secret" });
    await userEvent.click(within(shown).getByRole("button", { name: "Done" }));
    await expect(await c.findByTestId("api-secret-previous")).toHaveTextContent("zpk_…Qx7w");
    await expect(c.getByText(`zpk_…${STORY_NEW_API_SECRET.slice(-4)}`)).toBeVisible();
  },
};

/** Regenerate, stopping the old one now (the default): no previous secret stays. */
export const RegeneratedRevokingNow: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await clickRegenerate(canvasElement);
    const choice = await body().findByRole("dialog", { name: "Regenerate the API secret?" });
    await userEvent.click(within(choice).getByRole("button", { name: "Regenerate API secret" }));
    await waitFor(() => expect(storyServer.requests.find((r) => r.path === "/api/zapi/secret/regenerate")?.body).toEqual({ keepPrevious: false }));
    await userEvent.click(within(await body().findByRole("dialog", { name: "Your new API secret" })).getByRole("button", { name: "Done" }));
    await expect(c.queryByTestId("api-secret-previous")).toBeNull();
  },
};

/** The previous secret in its grace period: Revoke now stops it at once. */
export const PreviousRevoked: Story = {
  parameters: { serverData: { zapiSecret: IN_GRACE } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId("api-secret-previous")).toHaveTextContent("zpk_…a9Zk");
    await userEvent.click(c.getByRole("button", { name: "Revoke now" }));
    await expect(await body().findByText("Previous API secret revoked")).toBeVisible();
    await expect(c.queryByTestId("api-secret-previous")).toBeNull();
  },
};

/** A secret carried over from the webhook secret: the section says to regenerate it. */
export const Legacy: Story = {
  parameters: { serverData: { zapiSecret: { ...STORY_ZAPI_SECRET, legacy: true, hint: "MDE=" } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("still your webhook signing secret");
  },
};

/** An old sign-in: the server refuses the regenerate; the section says why and offers to sign in again. */
export const NeedsFreshSignIn: Story = {
  parameters: { serverData: { staleSignIn: true } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await clickRegenerate(canvasElement);
    await userEvent.click(within(await body().findByRole("dialog")).getByRole("button", { name: "Regenerate API secret" }));
    const alert = await c.findByRole("alert");
    await expect(alert).toHaveTextContent("needs a recent sign-in");
    await userEvent.click(within(alert).getByRole("button", { name: "Sign in again" }));
    await expect(args.onSignInAgain).toHaveBeenCalled();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { zapiSecret: IN_GRACE } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId("api-secret-previous")).toHaveTextContent("fonctionne encore");
    await clickRegenerate(canvasElement, "Régénérer le secret d’API");
    await expect(await body().findByRole("radio", { name: /Le garder actif pendant 24 heures/ })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  parameters: { serverData: { zapiSecret: IN_GRACE } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId("api-secret-previous");
    await clickRegenerate(canvasElement);
    await userEvent.click(within(await body().findByRole("dialog")).getByRole("button", { name: "Regenerate API secret" }));
    await expect(await body().findByText(STORY_NEW_API_SECRET)).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  parameters: { serverData: { zapiSecret: { ...STORY_ZAPI_SECRET, createdAt: STORY_NOW } } },
  play: async ({ canvasElement }) => {
    await clickRegenerate(canvasElement, "Régénérer le secret d’API");
    await expect(await body().findByRole("dialog", { name: "Régénérer le secret d’API ?" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
