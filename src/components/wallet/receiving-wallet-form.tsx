import * as React from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import * as yup from "yup";
import { useTranslation } from "react-i18next";
import { PenLineIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiRequestError } from "@/lib/api-client";
import { chainById } from "@/lib/chains";
import { walletAddressError, type WalletAddressMessages } from "@/lib/wallet-address";
import { ConfirmWalletDialog } from "./confirm-wallet-dialog";
import { ServerMessage } from "./server-message";

export interface ReceivingWalletFormProps {
  chainId: number;
  /** Saves the address; rejects with the server's error (an ApiRequestError) when refused. */
  onAttach: (address: string) => Promise<void>;
  /**
   * Offered when another merchant already receives at the address (`address_held_elsewhere`):
   * typing it in proves nothing, signing with its wallet does (the dialog's connect step).
   */
  onProve?: () => void;
}

function addressSchema(chainId: number, messages: WalletAddressMessages) {
  return yup.object({
    address: yup
      .string()
      .default("")
      .test("wallet-address", function (value) {
        const message = walletAddressError(chainId, value, messages);
        return message ? this.createError({ message }) : true;
      }),
  });
}

/**
 * The wallet dialog's manual-form step (SPEC §2): the receiving address, checked with the SPEC §5
 * rule of the chain as it is typed, then 'Confirm Wallet Address' before it is saved.
 */
export function ReceivingWalletForm({ chainId, onAttach, onProve }: ReceivingWalletFormProps) {
  const { t } = useTranslation("settings");
  const chainName = chainById(chainId)?.name ?? String(chainId);
  const schema = React.useMemo(
    () => addressSchema(chainId, { required: t("validation.required"), invalid: t("validation.invalid") }),
    [chainId, t],
  );
  const form = useForm({ resolver: yupResolver(schema), mode: "all", defaultValues: { address: "" } });
  const [pending, setPending] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);

  const [refusal, setRefusal] = React.useState<string | null>(null);
  /** The server refused the address as another merchant's: the merchant may prove it is theirs. */
  const [heldElsewhere, setHeldElsewhere] = React.useState(false);

  const confirm = async () => {
    if (!pending) return;
    setSaving(true);
    setRefusal(null);
    setHeldElsewhere(false);
    try {
      await onAttach(pending);
      form.reset({ address: "" });
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === "invalid_wallet_address") {
        form.setError("address", { message: err.issues?.[0]?.message ?? err.message }, { shouldFocus: true });
      } else if (err instanceof ApiRequestError && err.code === "address_held_elsewhere") {
        // In the reader's language (the server's message is English); the address is kept, to prove.
        setRefusal(t("walletDialog.heldElsewhere"));
        setHeldElsewhere(true);
      } else {
        // Shown in the form, not as a toast: the wallet dialog around it hides the page's toast bar.
        // SPEC §7: `already-attached` is HTML, and the entered wallet is cleared.
        setRefusal(err instanceof Error ? err.message : String(err));
        if (err instanceof ApiRequestError && err.code === "already-attached") form.reset({ address: "" });
      }
    } finally {
      setSaving(false);
      setPending(null);
    }
  };

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ address }) => setPending(address.trim()))}
      >
        {refusal ? (
          <div className="grid gap-2">
            <ServerMessage message={refusal} />
            {heldElsewhere && onProve ? (
              <Button type="button" variant="outline" className="h-auto min-h-9 justify-self-start py-2 text-left whitespace-normal" onClick={onProve}>
                <PenLineIcon aria-hidden="true" />
                {t("walletDialog.proveOwnership")}
              </Button>
            ) : null}
          </div>
        ) : null}
        <FormField
          control={form.control}
          name="address"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("deposits.address")}</FormLabel>
              <FormControl>
                <Input autoComplete="off" spellCheck={false} className="font-mono" {...field} />
              </FormControl>
              <FormDescription>{t("deposits.addressHint", { chain: chainName })}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="justify-self-start" disabled={saving}>
          {t("deposits.continue")}
        </Button>
      </form>
      <ConfirmWalletDialog
        open={pending !== null}
        address={pending ?? ""}
        chainId={chainId}
        saving={saving}
        onConfirm={() => void confirm()}
        onBack={() => setPending(null)}
      />
    </Form>
  );
}
