import * as React from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { Input } from "./input";
import { Label } from "./label";

/** What DayField and MonthField take: the field's text as typed and how it shows its problems. */
export interface CalendarTextFieldProps {
  id: string;
  label: React.ReactNode;
  /** The text as typed (not necessarily a real day or month yet). */
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

/** How one calendar format is read: its translations (`ui` primitives), its rule and its tidying. */
export interface CalendarTextFormat {
  /** `primitives.<key>` in the `ui` translations: placeholder, hint and problems.{empty,format,impossible}. */
  key: "dayField" | "monthField";
  problem: (text: string) => "empty" | "format" | "impossible" | null;
  tidy: (text: string) => string;
  maxLength: number;
}

/**
 * A day or a month typed by hand in a plain text field, in one fixed format whatever the
 * browser's locale (date and month inputs show the browser's own). The text is tidied when the
 * field is left and a wrong or impossible value is named under the field.
 */
export function CalendarTextField({ format, id, label, value, onValueChange, showProblem, error, describedBy, className, ref }: CalendarTextFieldProps & { format: CalendarTextFormat }) {
  const { t } = useTranslation("ui");
  const [left, setLeft] = React.useState(false);
  const problem = format.problem(value);
  const message = (left || showProblem) && problem ? t(`primitives.${format.key}.problems.${problem}`, { value: format.tidy(value) }) : (error ?? null);
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span id={hintId} className="text-xs leading-none text-muted-foreground">
          {t(`primitives.${format.key}.hint`)}
        </span>
      </div>
      <Input
        ref={ref}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={format.maxLength}
        placeholder={t(`primitives.${format.key}.placeholder`)}
        value={value}
        aria-invalid={message || describedBy ? true : undefined}
        aria-describedby={[hintId, message ? messageId : null, describedBy].filter(Boolean).join(" ")}
        onChange={(e) => onValueChange(e.target.value)}
        onBlur={() => {
          setLeft(true);
          const tidy = format.tidy(value);
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
