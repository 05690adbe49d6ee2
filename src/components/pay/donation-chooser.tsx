import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { PayerChoice } from "@/lib/pay-choice";
import { DONATION_FIELDS, DONOR_LIMITS, donationAmountProblem } from "@/lib/pay-donation";


export interface DonationChooserProps {
  donation: { suggestedAmounts: string[]; minimum: string };
  /** Formats a decimal amount in the product's currency. */
  money: (amount: string) => string;
  /** The payer's choice and its setter; without them the fields are plain (the page before JavaScript). */
  choice?: PayerChoice;
  onChoose?: (patch: PayerChoice) => void;
}

const labelClass = "text-sm font-medium";
const amountButton =
  "flex h-11 cursor-pointer items-center justify-center whitespace-nowrap rounded-md border border-input bg-background px-2 text-sm font-semibold tabular-nums shadow-xs transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50";

/**
 * A donation page's choices: the merchant's suggested amounts as a group of radio buttons, any
 * other amount (at least the minimum), and an optional name and message for the merchant.
 */
export function DonationChooser({ donation, money, choice, onChoose }: DonationChooserProps) {
  const { t } = useTranslation("pay");
  const id = useId();
  const [other, setOther] = useState(() => (choice?.amount && !donation.suggestedAmounts.includes(choice.amount) ? choice.amount : ""));
  const live = Boolean(onChoose);
  const problem = other.trim() ? donationAmountProblem(other, donation.minimum) : undefined;
  const errorId = `${id}-other-error`;
  const donor = choice?.donor ?? {};
  const setDonor = (patch: PayerChoice["donor"]) => onChoose?.({ donor: { ...donor, ...patch } });
  return (
    <Card data-slot="donation-chooser" className="gap-4 px-5 py-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">{t("donation.chooseAmount")}</legend>
        <div className="grid grid-cols-3 gap-2">
          {donation.suggestedAmounts.map((amount) => (
            <label key={amount} className={amountButton}>
              <input
                type="radio"
                className="sr-only"
                name={DONATION_FIELDS.amount}
                value={amount}
                {...(live ? { checked: !other && choice?.amount === amount, onChange: () => (setOther(""), onChoose?.({ amount })) } : {})}
              />
              {money(amount)}
            </label>
          ))}
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-other`} className={labelClass}>
            {t("donation.otherAmount")}
          </label>
          <Input
            id={`${id}-other`}
            name={DONATION_FIELDS.other}
            inputMode="decimal"
            autoComplete="off"
            placeholder={donation.minimum}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            {...(live
              ? {
                  value: other,
                  onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                    setOther(e.target.value);
                    onChoose?.({ amount: e.target.value.trim() ? e.target.value : undefined });
                  },
                }
              : {})}
          />
          {problem ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {problem === "tooSmall" ? t("donation.tooSmall", { minimum: donation.minimum }) : t("donation.invalid")}
            </p>
          ) : null}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-name`} className={labelClass}>
          {t("donation.name")} <span className="font-normal text-muted-foreground">{t("donation.optional")}</span>
        </label>
        <Input
          id={`${id}-name`}
          name={DONATION_FIELDS.name}
          autoComplete="name"
          maxLength={DONOR_LIMITS.name}
          {...(live ? { value: donor.name ?? "", onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDonor({ name: e.target.value }) } : {})}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-message`} className={labelClass}>
          {t("donation.message")} <span className="font-normal text-muted-foreground">{t("donation.optional")}</span>
        </label>
        <Textarea
          id={`${id}-message`}
          name={DONATION_FIELDS.message}
          maxLength={DONOR_LIMITS.message}
          rows={3}
          {...(live ? { value: donor.message ?? "", onChange: (e: React.ChangeEvent<HTMLTextAreaElement>) => setDonor({ message: e.target.value }) } : {})}
        />
      </div>
    </Card>
  );
}
