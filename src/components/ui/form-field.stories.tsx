import type { Meta, StoryObj } from "@storybook/react-vite";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import * as yup from "yup";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./form-field";
import { Input } from "./input";
import { Textarea } from "./textarea";

/** A cut-down zLink form (SPEC §5): the messages are the caller's, passed in through the schema. */
const schema = yup.object({
  label: yup.string().trim().required("Please add button label"),
  desc: yup.string().optional(),
  price: yup
    .number()
    .transform((value, original) => (original === "" || original == null ? undefined : value))
    .typeError("Invalid price")
    .required("Please add amount for quick payment")
    .min(0.1, "Amount must be at least 0.1"),
});
type ZLinkInput = yup.InferType<typeof schema>;

function ZLinkForm({ onSubmit }: { onSubmit: (values: ZLinkInput) => void }) {
  const form = useForm({
    resolver: yupResolver(schema),
    mode: "all",
    defaultValues: { label: "", desc: "", price: "" as unknown as number },
  });
  return (
    <Form {...form}>
      <form noValidate className="grid max-w-sm gap-4" onSubmit={form.handleSubmit((values) => onSubmit(values))}>
        <FormField
          control={form.control}
          name="label"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Title</FormLabel>
              <FormControl>
                <Input placeholder="Pay Now" {...field} />
              </FormControl>
              <FormDescription>Defaults to &quot;Pay Now.&quot;</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="desc"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Textarea {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="price"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Amount (USD)</FormLabel>
              <FormControl>
                <Input type="number" inputMode="decimal" step="any" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
          Create
        </Button>
      </form>
    </Form>
  );
}

const meta = {
  title: "UI/Form",
  component: ZLinkForm,
  subcomponents: { FormField, FormItem, FormLabel, FormControl, FormDescription, FormMessage },
  args: { onSubmit: fn() },
} satisfies Meta<typeof ZLinkForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Untouched: no message yet, the hint is tied to the field. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = canvas.getByRole("textbox", { name: "Title" });
    await expect(title).toHaveAccessibleDescription('Defaults to "Pay Now."');
    await expect(title).not.toBeInvalid();
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
  },
};

/** Submitting empty shows every required message and does not submit. */
export const Invalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Create" }));
    const title = canvas.getByRole("textbox", { name: "Title" });
    await waitFor(() => expect(title).toBeInvalid());
    await expect(title).toHaveAccessibleDescription('Defaults to "Pay Now." Please add button label');
    await expect(canvas.getByRole("spinbutton", { name: "Amount (USD)" })).toHaveAccessibleDescription(
      "Please add amount for quick payment",
    );
    await expect(canvas.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      "Please add button label",
      "Please add amount for quick payment",
    ]);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A too-small amount shows the minimum rule; correcting it clears the message and submits. */
export const ErrorThenFixed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const title = canvas.getByRole("textbox", { name: "Title" });
    const amount = canvas.getByRole("spinbutton", { name: "Amount (USD)" });

    await userEvent.type(amount, "0.05");
    await userEvent.tab();
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Amount must be at least 0.1");
    await expect(amount).toBeInvalid();

    await userEvent.type(title, "x");
    await userEvent.clear(title);
    await expect(await canvas.findByText("Please add button label")).toBeVisible();

    await userEvent.clear(amount);
    await userEvent.type(amount, "12.5");
    await userEvent.type(title, "Coffee beans");
    await waitFor(() => expect(canvas.queryByRole("alert")).not.toBeInTheDocument());
    await expect(amount).not.toBeInvalid();
    await expect(title).not.toBeInvalid();

    await userEvent.click(canvas.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(args.onSubmit).toHaveBeenCalledWith({ label: "Coffee beans", desc: "", price: 12.5 });
  },
};
