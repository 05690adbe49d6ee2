import { useEffect, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Form } from "@/components/ui/form-field";
import { donateSchema, type DonateFormValues } from "@/lib/donate";
import { SuggestedAmountsField } from "./suggested-amounts-field";

const schema = donateSchema({ currencies: ["USD", "USDC"] });

/** The field inside the donation form's react-hook-form context, validated with the real schema. */
function InForm({ amounts, validate, children }: { amounts: string[]; validate?: boolean; children: ReactNode }) {
  const form = useForm<DonateFormValues>({
    resolver: yupResolver(schema),
    mode: "all",
    defaultValues: { label: "Garden", desc: "", site: "", currency: "USD", suggestedAmounts: amounts },
  });
  useEffect(() => {
    if (validate) void form.trigger("suggestedAmounts");
  }, [form, validate]);
  return (
    <Form {...form}>
      <form className="max-w-xl">{children}</form>
    </Form>
  );
}

const meta = {
  title: "Donates/SuggestedAmountsField",
  component: SuggestedAmountsField,
  args: { currency: "USD" },
  parameters: { amounts: ["5", "10", "25"] },
  render: (args, { parameters }) => (
    <InForm amounts={parameters.amounts as string[]} validate={Boolean(parameters.validate)}>
      <SuggestedAmountsField {...args} />
    </InForm>
  ),
} satisfies Meta<typeof SuggestedAmountsField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three amounts, each removable, and Add. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("button", { name: /Remove/ })).toHaveLength(3);
    await userEvent.click(c.getByRole("button", { name: /Add/ }));
    await expect(c.getAllByRole("textbox")).toHaveLength(4);
  },
};

/** One amount left: it cannot be removed. */
export const OneAmount: Story = {
  parameters: { amounts: ["10"] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: /Remove/ })).toBeNull();
  },
};

/** Six amounts: Add is gone. */
export const SixAmounts: Story = {
  parameters: { amounts: ["1", "2", "5", "10", "25", "50"] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: /Add/ })).toBeNull();
  },
};

/** An empty, a too small and a repeated amount: each field says what is wrong. */
export const Invalid: Story = {
  parameters: { amounts: ["", "0.01", "10", "10"], validate: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByRole("textbox", { name: "Suggested amount 2" })).toHaveAttribute("aria-invalid", "true"));
    await expect(c.getByRole("textbox", { name: "Suggested amount 1" })).toHaveAttribute("aria-invalid", "true");
  },
};

export const FrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
