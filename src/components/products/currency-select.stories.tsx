import type { Meta, StoryObj } from "@storybook/react-vite";
import { useForm } from "react-hook-form";
import { expect, userEvent, within } from "storybook/test";
import { Form, FormField, FormItem, FormLabel } from "@/components/ui/form-field";
import { CurrencySelect } from "./currency-select";

/** The select inside a form field, as every product form holds it (an invoice's list of currencies). */
function InAForm({ currency = "EUR", currencies = ["USD", "EUR", "GBP", "USDC"] }: { currency?: string; currencies?: string[] }) {
  const form = useForm({ defaultValues: { currency } });
  return (
    <Form {...form}>
      <form className="max-w-xs" noValidate>
        <FormField
          control={form.control}
          name="currency"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Currency</FormLabel>
              <CurrencySelect value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} currencies={currencies} className="w-40" />
            </FormItem>
          )}
        />
      </form>
    </Form>
  );
}

const meta = {
  title: "Products/CurrencySelect",
  component: InAForm,
} satisfies Meta<typeof InAForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const trigger = (canvas: HTMLElement) => within(canvas).getByRole("combobox", { name: "Currency" });

/** Closed: the code alone, so the amount beside it keeps its width. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveTextContent(/^EUR$/);
  },
};

/** Open in English: each currency by its name; USDC, which Intl does not name, by its code. Picking one shows its code. */
export const EnglishNames: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    const listbox = await within(document.body).findByRole("listbox");
    await expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["USD — US Dollar", "EUR — Euro", "GBP — British Pound", "USDC"]);
    await userEvent.click(within(listbox).getByRole("option", { name: "GBP — British Pound" }));
    await expect(trigger(canvasElement)).toHaveTextContent(/^GBP$/);
  },
};

/** Open in French, on a phone: the names in French, the choice by keyboard. */
export const FrenchNamesOnAPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    trigger(canvasElement).focus();
    await userEvent.keyboard("{Enter}");
    const listbox = await within(document.body).findByRole("listbox");
    await expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["USD — dollar des États-Unis", "EUR — euro", "GBP — livre sterling", "USDC"]);
    await userEvent.click(within(listbox).getByRole("option", { name: "USD — dollar des États-Unis" }));
    await expect(trigger(canvasElement)).toHaveTextContent(/^USD$/);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
