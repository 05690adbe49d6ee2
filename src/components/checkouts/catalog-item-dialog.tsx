import * as React from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { AmountCurrencyFields } from "@/components/products/amount-currency-fields";
import { catalogItemSchema, type CatalogItemFormValues } from "@/lib/cart";
import { ItemImageField, type UploadedImage } from "./item-image-field";
import { showSaveError, useCartMessages } from "./use-cart-messages";

export interface CatalogItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "create" | "update";
  /** The item being edited, with its image's address. */
  initial?: CatalogItemFormValues & { imageUrl: string | null };
  /** The billing currency and USDC (`zlinkCurrencies`). */
  currencies: string[];
  /** Saves; rejects with the server's ApiRequestError to keep the dialog open. */
  onSubmit: (values: CatalogItemFormValues) => Promise<void>;
  onUpload: (file: File) => Promise<UploadedImage>;
}

const FIELDS = ["name", "description", "price", "currency", "imageId"] as const;

/** Add/Update a catalogue item: Name, Description, Price with its currency, an optional image. */
export function CatalogItemDialog({ open, onOpenChange, mode, initial, currencies, onSubmit, onUpload }: CatalogItemDialogProps) {
  const { t } = useTranslation("checkouts");
  const messages = useCartMessages();
  const schema = React.useMemo(() => catalogItemSchema({ messages, currencies }), [messages, currencies]);
  const form = useForm<CatalogItemFormValues>({
    resolver: yupResolver(schema),
    mode: "all",
    defaultValues: initial ?? { name: "", description: "", price: "", currency: currencies[0] ?? "USD", imageId: "" },
  });
  const [image, setImage] = React.useState<UploadedImage | null>(initial?.imageId && initial.imageUrl ? { _id: initial.imageId, url: initial.imageUrl } : null);
  const [uploading, setUploading] = React.useState(false);
  const { isValid, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ ...values, imageId: image?._id ?? "" });
    } catch (err) {
      showSaveError(err, FIELDS, (name, message) => form.setError(name as keyof CatalogItemFormValues, { message }), t("toasts.notSaved"));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{mode === "create" ? t("itemForm.createTitle") : t("itemForm.updateTitle")}</DialogTitle>
          <DialogDescription>{t("itemForm.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("itemForm.name")}</FormLabel>
                  <FormControl>
                    <Input maxLength={200} autoComplete="off" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("itemForm.desc")}</FormLabel>
                  <FormControl>
                    <Textarea rows={2} {...field} />
                  </FormControl>
                  <FormDescription>{t("itemForm.descHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <AmountCurrencyFields amountLabel={t("itemForm.price")} currencyLabel={t("itemForm.currency")} currencies={currencies} />
            <ItemImageField value={image} onChange={setImage} onUpload={onUpload} onBusyChange={setUploading} />
            <DialogFooter>
              <Button type="submit" disabled={!isValid || isSubmitting || uploading}>
                {isSubmitting ? t("itemForm.saving") : mode === "create" ? t("itemForm.create") : t("itemForm.update")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
