import type { Meta, StoryObj } from "@storybook/react-vite";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { expect, userEvent, within } from "storybook/test";
import * as yup from "yup";
import { Form } from "@/components/ui/form-field";
import { parsePriceText, zlinkCurrencies } from "@/lib/zlink";
import { AmountCurrencyFields } from "./amount-currency-fields";

/**
 * The fields as the zLink form has them: its words, its currencies, and a price checked on blur
 * (the real forms check more: decimals, bounds; see src/lib/zlink.ts).
 */
function InZLinkForm({ price = "", currency = "USD" }: { price?: string; currency?: string }) {
  const { t } = useTranslation("zlink");
  const schema = yup.object({
    price: yup
      .string()
      .required(t("validation.priceRequired"))
      .test("number", t("validation.priceInvalid"), (v) => parsePriceText(v) !== undefined),
    currency: yup.string().required(),
  });
  const form = useForm({ defaultValues: { price, currency }, mode: "onTouched", resolver: yupResolver(schema) });
  return (
    <Form {...form}>
      <form className="max-w-md" noValidate>
        <AmountCurrencyFields amountLabel={t("form.amount")} currencyLabel={t("form.currency")} currencies={zlinkCurrencies("USD")} />
      </form>
    </Form>
  );
}

const meta = {
  title: "Products/AmountCurrencyFields",
  component: InZLinkForm,
} satisfies Meta<typeof InZLinkForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const amount = (canvas: HTMLElement, name = "Amount") => within(canvas).getByRole("textbox", { name });

/** A new product: no amount yet (0.00 is only a hint), the billing currency chosen. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(amount(canvasElement)).toHaveValue("");
    await expect(within(canvasElement).getByRole("combobox", { name: "Currency" })).toHaveTextContent("USD");
  },
};

/** An amount in USDC, the other currency offered. */
export const FilledIn: Story = {
  args: { price: "49.90", currency: "USDC" },
  play: async ({ canvasElement }) => {
    await expect(amount(canvasElement)).toHaveValue("49.90");
    await expect(within(canvasElement).getByRole("combobox", { name: "Currency" })).toHaveTextContent("USDC");
  },
};

/** Choosing the currency from the list. */
export const CurrencyChosen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("combobox", { name: "Currency" }));
    await userEvent.click(await within(document.body).findByRole("option", { name: "USDC" }));
    await expect(within(canvasElement).getByRole("combobox", { name: "Currency" })).toHaveTextContent("USDC");
  },
};

/** Not a number: the message under the amount once the field is left. */
export const InvalidAmountShown: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(amount(canvasElement), "12,5,0");
    await userEvent.tab();
    await expect(await within(canvasElement).findByText("Invalid price")).toBeVisible();
    await expect(amount(canvasElement)).toHaveAttribute("aria-invalid", "true");
  },
};

export const French: Story = {
  args: { price: "49.90" },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(amount(canvasElement, "Montant")).toHaveValue("49.90");
    await expect(within(canvasElement).getByRole("combobox", { name: "Devise" })).toBeVisible();
  },
};

/** The list names each currency in French (Intl's names); USDC, a token Intl does not know, keeps its code; the closed field keeps the code. */
export const FrenchCurrencyNames: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const currency = within(canvasElement).getByRole("combobox", { name: "Devise" });
    await userEvent.click(currency);
    const listbox = await within(document.body).findByRole("listbox");
    await expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["USD — dollar des États-Unis", "USDC"]);
    await userEvent.click(within(listbox).getByRole("option", { name: "USDC" }));
    await expect(currency).toHaveTextContent(/^USDC$/);
  },
};

export const FrenchInvalidAmountOnAPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await userEvent.type(amount(canvasElement, "Montant"), "abc");
    await userEvent.tab();
    await expect(await within(canvasElement).findByText("Prix invalide")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
