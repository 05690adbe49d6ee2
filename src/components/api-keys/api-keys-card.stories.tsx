import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_USER_ID } from "@/testing/msw/fixtures";
import { STORY_REGENERATED_SECRET } from "@/testing/msw/api-keys-handlers";
import { storyServer } from "@/testing/msw/store";
import { ApiKeysCard } from "./api-keys-card";

const SECRET = "whsec_c3Rvcnktc2VjcmV0LW9mLXRoZS1tZXJjaGFudC0wMQ==";

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
  title: "ApiKeys/ApiKeysCard",
  component: ApiKeysCard,
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { apiSecret: SECRET } },
  args: { api: merchantApi, accountId: STORY_USER_ID, onSignInAgain: fn() },
  beforeEach: stubClipboard,
} satisfies Meta<typeof ApiKeysCard>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The account ID and the API secret's last characters show; the webhook secret stays hidden and is not even fetched until asked for. */
export const SecretHidden: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(STORY_USER_ID)).toBeVisible();
    await expect(c.getByTestId("api-secret")).not.toHaveTextContent("whsec_");
    await expect(await c.findByText("zpk_…Qx7w")).toBeVisible();
    await expect(storyServer.requests.map((r) => r.path)).not.toContain("/api/integrations");
  },
};

/** Show reveals it, Copy puts it on the clipboard with 'Secret copied to clipboard', Hide masks it again. */
export const SecretShownAndCopied: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Show webhook secret" }));
    await expect(await c.findByText(SECRET)).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Copy webhook secret" }));
    await expect(writeText).toHaveBeenCalledWith(SECRET);
    await expect(await body().findByText("Secret copied to clipboard")).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Hide webhook secret" }));
    await expect(c.queryByText(SECRET)).toBeNull();
  },
};

/** Regenerating the webhook secret asks first (it leaves the API secret alone); confirmed, the new one shows with 'Regenerated successfully'. */
export const Regenerated: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Regenerate webhook secret" }));
    const dialog = await body().findByRole("alertdialog", { name: "Regenerate the webhook secret?" });
    await expect(dialog).toHaveTextContent("The API secret does not change");
    await userEvent.click(within(dialog).getByRole("button", { name: "Regenerate webhook secret" }));
    await expect(await c.findByText(STORY_REGENERATED_SECRET)).toBeVisible();
    await expect(await body().findByText("Regenerated successfully")).toBeVisible();
  },
};

/** Cancelling the dialog changes nothing. */
export const RegenerateCancelled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Regenerate webhook secret" }));
    await userEvent.click(within(await body().findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await expect(storyServer.requests.map((r) => r.path)).not.toContain("/api/integrations/regenerate");
  },
};

/** An old sign-in: the server refuses to reveal; the card says why and offers to sign in again. */
export const NeedsFreshSignIn: Story = {
  parameters: { serverData: { apiSecret: SECRET, staleSignIn: true } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Show webhook secret" }));
    const alert = await c.findByRole("alert");
    await expect(alert).toHaveTextContent("needs a recent sign-in");
    await expect(c.queryByText(SECRET)).toBeNull();
    await userEvent.click(within(alert).getByRole("button", { name: "Sign in again" }));
    await expect(args.onSignInAgain).toHaveBeenCalled();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Afficher le secret des webhooks" }));
    await expect(await c.findByText(SECRET)).toBeVisible();
    await expect(c.getByText("Identifiant de compte")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Show webhook secret" }));
    await within(canvasElement).findByRole("button", { name: "Copy webhook secret" });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  parameters: { serverData: { apiSecret: SECRET, staleSignIn: true } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Afficher le secret des webhooks" }));
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("connexion récente");
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
