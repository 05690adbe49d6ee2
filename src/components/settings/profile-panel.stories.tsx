import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { failing, stalled, unreachable } from "@/testing/msw/overrides";
import { storyProfile } from "@/testing/msw/profile-fixtures";
import { storyServer } from "@/testing/msw/store";
import { uploadLogo } from "@/islands/settings-profile-upload";
import { ProfilePanel } from "./profile-panel";

const meta = {
  title: "Settings/ProfilePanel",
  component: ProfilePanel,
  args: { api: merchantApi, uploadLogo },
  parameters: { merchantSession: true, toastBar: true },
  decorators: [(Story) => <div className="mx-auto max-w-3xl p-4">{Story()}</div>],
} satisfies Meta<typeof ProfilePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading your profile…" })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [unreachable("get", "/api/profile")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Your profile could not be loaded.");
  },
};

/** Nothing filled in yet: USD, empty fields, the plain preview. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByLabelText("Currency")).toHaveValue("USD");
    await expect(c.getByLabelText("Display name")).toHaveValue("");
    // Where the name shows, and what payers see without it (the dashboard's next steps lead here).
    await expect(c.getByLabelText("Display name")).toHaveAccessibleDescription(/Payers see it on your pay page, invoices \(and their PDF\) and the e-mails sent for you; until it is set, they see your shortened wallet address/);
    await expect(c.getByRole("button", { name: "Choose a logo" })).toBeVisible();
  },
};

/** A filled-in profile: the preview shows the name and logo on the navy colour, in white. */
export const Filled: Story = {
  parameters: { serverData: { profile: storyProfile } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByLabelText("Display name")).toHaveValue("Acme Coffee");
    await expect(c.getByLabelText("Currency")).toHaveValue("EUR");
    const brand = c.getByTestId("merchant-brand");
    await expect(brand).toHaveStyle({ backgroundColor: "rgb(30, 58, 138)", color: "rgb(255, 255, 255)" });
    await expect(c.getByRole("img", { name: "Your logo" })).toBeVisible();
  },
};

/** Typing a name and a light colour, then saving: the preview turns to black text; the server gets the fields. */
export const SavesProfile: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText("Display name"), "Acme Coffee");
    await userEvent.type(c.getByLabelText("Brand colour"), "#FFEB3B");
    await expect(c.getByTestId("merchant-brand")).toHaveStyle({ color: "rgb(0, 0, 0)" });
    await userEvent.type(c.getByLabelText("City"), "Lyon");
    await userEvent.click(c.getByRole("button", { name: "Save profile" }));
    await expect(await within(document.body).findByText("Profile saved")).toBeVisible();
    await expect(storyServer.bodiesSentTo("PUT", "/api/profile")).toEqual([
      { company: "Acme Coffee", city: "Lyon", taxId: "", defaultInvoiceNotes: "", brandColor: "#FFEB3B" },
    ]);
    await expect(c.getByLabelText("Brand colour")).toHaveValue("#ffeb3b");
  },
};

/** A colour that is not #rrggbb: the field says so and nothing is sent. */
export const BadColour: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText("Brand colour"), "blue");
    await userEvent.click(c.getByRole("button", { name: "Save profile" }));
    await expect(await c.findByText("Choose a colour like #1a2b3c")).toBeVisible();
    await expect(c.getByLabelText("Brand colour")).toHaveAttribute("aria-invalid", "true");
    await expect(storyServer.bodiesSentTo("PUT", "/api/profile")).toEqual([]);
  },
};

/** Choosing another currency saves it at once and says so. */
export const ChangesBillingCurrency: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.selectOptions(await c.findByLabelText("Currency"), "EUR");
    await expect(await within(document.body).findByText("Billing currency updated to EUR")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/update-billing-currency")).toEqual([{ currency: "EUR" }]);
  },
};

/** The server refuses: the failure toast, and the select goes back. */
export const BillingCurrencyFails: Story = {
  parameters: { msw: { handlers: [failing("post", "/api/update-billing-currency")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const select = await c.findByLabelText("Currency");
    await userEvent.selectOptions(select, "GBP");
    await expect(await within(document.body).findByText("Failed to update billing currency.")).toBeVisible();
    await waitFor(() => expect(select).toHaveValue("USD"));
  },
};

/** Uploading a PNG shows it; an SVG is refused before it is sent. */
export const UploadsLogo: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = (await c.findByLabelText("Choose a logo", { selector: "input" })) as HTMLInputElement;
    await userEvent.upload(input, new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }), { applyAccept: false });
    await expect(await c.findByRole("alert")).toHaveTextContent("Upload a JPEG or PNG image.");
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "logo.jpg", { type: "image/jpeg" }));
    await expect(await c.findByRole("img", { name: "Your logo" })).toBeVisible();
    await expect(c.queryByRole("alert")).toBeNull();
    await expect(storyServer.bodiesSentTo("POST", "/api/profile/logo")).toEqual([{ size: 8 }]);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { profile: storyProfile } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByLabelText("Nom affiché")).toHaveValue("Acme Coffee");
    await expect(c.getByRole("heading", { name: "Devise de facturation" })).toBeVisible();
    // Currency names in French (Intl.DisplayNames), not the server's English ones.
    await expect(c.getByRole("option", { name: "USD — dollar des États-Unis" })).toBeInTheDocument();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  parameters: { serverData: { profile: storyProfile } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText("Display name")).toHaveValue("Acme Coffee");
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText("Nom affiché")).toHaveValue("");
  },
};
