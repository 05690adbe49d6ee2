import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { shortenAddress } from "@/lib/address";
import type { RefundSenderDto } from "@/lib/refund";

/** Characters kept at each end of a destination address: enough to compare with the wallet's prompt, short enough for a phone. */
const ADDRESS_CHARS = 6;

/**
 * The wallet a refund goes to: shortened, the full address on hover and for screen readers, with a
 * copy button unless `copyable` is false (while the wallet signs, the dialog's one status is the
 * spinner's).
 */
export function RefundTo({ address, copyable = true }: { address: string; copyable?: boolean }) {
  const { t } = useTranslation("refunds");
  return (
    <div data-testid="refund-destination" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
      <span className="text-muted-foreground">{t("to")}</span>
      <AddressDisplay address={address} chars={ADDRESS_CHARS} copyable={copyable} />
    </div>
  );
}

export interface RefundDestinationProps {
  /** The payment's senders, the default destination first (RefundBalanceDto.senders). */
  senders: RefundSenderDto[];
  /** The chosen sender's address. */
  value: string;
  onChange: (address: string) => void;
  disabled?: boolean;
}

/**
 * Where the refund goes, shown before the merchant's wallet signs. When several wallets paid (a
 * stranger may send dust with the payment's reference before the payer), the merchant picks one,
 * each with what may still go back to it: a wallet never gets back more than it sent.
 */
export function RefundDestination({ senders, value, onChange, disabled = false }: RefundDestinationProps) {
  const { t } = useTranslation("refunds");
  const name = useId();
  const chosen = senders.find((s) => s.address === value) ?? senders[0];
  if (!chosen) return null;
  return (
    <div className="grid gap-3">
      <RefundTo address={chosen.address} />
      {senders.length > 1 ? (
        <fieldset className="grid gap-2" disabled={disabled}>
          <legend className="mb-2 text-sm text-muted-foreground">{t("severalSenders")}</legend>
          {senders.map((s) => (
            <label
              key={s.address}
              className="flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
            >
              <input
                type="radio"
                name={name}
                value={s.address}
                checked={s.address === chosen.address}
                onChange={() => onChange(s.address)}
                className="size-4 shrink-0 accent-primary outline-none"
              />
              <span className="grid min-w-0 gap-0.5">
                <span aria-hidden="true" className="font-mono whitespace-nowrap">
                  {shortenAddress(s.address, ADDRESS_CHARS)}
                </span>
                <span className="sr-only">{s.address}</span>
                <span className="text-muted-foreground">{t("senderAvailable", { amount: s.label })}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
