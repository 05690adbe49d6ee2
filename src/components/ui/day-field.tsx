import * as React from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { dayProblem, tidyDay } from "@/lib/day-text";
import { Input } from "./input";
import { Label } from "./label";

export interface DayFieldProps {
  id: string;
  label: React.ReactNode;
  /** dd/MM/yyyy as typed (not necessarily a real day yet). */
  value: string;
  onValueChange: (text: string) => void;
  /** Show the field's problem before it was ever left (after a refused submit). */
  showProblem?: boolean;
  /** A problem only the form can see (the end before the start), shown like the field's own. */
  error?: string | null;
  /** A message elsewhere that also concerns this field (a form-wide error): its id and the field turns red. */
  describedBy?: string;
  className?: string;
  ref?: React.Ref<HTMLInputElement>;
}

/**
 * A day written dd/MM/yyyy (jj/mm/aaaa in French) in a plain text field. A date input would show
 * the browser's locale instead (MM/DD/YYYY on an en-US browser, even in a French page), while the
 * filters and the API speak dd/MM/yyyy. The text is tidied when the field is left (01112026 →
 * 01/11/2026) and an impossible day (31/02/2026) is named under the field.
 */
export function DayField({ id, label, value, onValueChange, showProblem, error, describedBy, className, ref }: DayFieldProps) {
  const { t } = useTranslation("ui");
  const [left, setLeft] = React.useState(false);
  const problem = dayProblem(value);
  const message = (left || showProblem) && problem ? t(`primitives.dayField.problems.${problem}`, { value: tidyDay(value) }) : (error ?? null);
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span id={hintId} className="text-xs leading-none text-muted-foreground">
          {t("primitives.dayField.hint")}
        </span>
      </div>
      <Input
        ref={ref}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        placeholder={t("primitives.dayField.placeholder")}
        value={value}
        aria-invalid={message || describedBy ? true : undefined}
        aria-describedby={[hintId, message ? messageId : null, describedBy].filter(Boolean).join(" ")}
        onChange={(e) => onValueChange(e.target.value)}
        onBlur={() => {
          setLeft(true);
          const tidy = tidyDay(value);
          if (tidy !== value) onValueChange(tidy);
        }}
      />
      {message ? (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
