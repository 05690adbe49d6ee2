import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { DayField } from "@/components/ui/day-field";
import { MonthField } from "@/components/ui/month-field";
import { dayProblem, dayToIso, isoToDay } from "@/lib/day-text";
import { isoToMonth, monthProblem, monthToIso } from "@/lib/month-text";
import { ADMIN_BILLING_MAX_MONTHS, ADMIN_STATS_MAX_DAYS, type RangeError } from "@/lib/admin-stats";

export interface RangeFormProps {
  /** Whole UTC days (yyyy-MM-dd) or months (yyyy-MM). */
  kind: "date" | "month";
  value: { start: string; end: string };
  /** The same rule the server applies (src/lib/admin-stats.ts), so the operator sees why first. */
  check: (range: { start: string; end: string }) => RangeError | null;
  onApply: (range: { start: string; end: string }) => void;
  busy?: boolean;
}

type Range = { start: string; end: string };

/** How each kind is typed (dd/MM/yyyy, MM/yyyy) and handed on (yyyy-MM-dd, yyyy-MM). */
const TEXT = {
  date: { Field: DayField, toText: isoToDay, toIso: dayToIso, problem: dayProblem },
  month: { Field: MonthField, toText: isoToMonth, toIso: monthToIso, problem: monthProblem },
} as const;

/**
 * From/To fields and Apply, for the statistics (days) and billing (months) pages. Days are typed
 * dd/MM/yyyy in a `DayField`, months MM/yyyy in a `MonthField` (not the browser's locale-dependent
 * date and month inputs), and handed on as the yyyy-MM-dd or yyyy-MM the operator API speaks.
 */
export function RangeForm({ kind, value, check, onApply, busy }: RangeFormProps) {
  const { t } = useTranslation("admin");
  const id = React.useId();
  const days = kind === "date";
  const text = TEXT[kind];
  // Held as typed; turned into the API's form on Apply.
  const [draft, setDraft] = React.useState<Range>(() => ({ start: text.toText(value.start), end: text.toText(value.end) }));
  const [error, setError] = React.useState<RangeError | null>(null);
  const [refused, setRefused] = React.useState(false);
  const labels = days ? { start: t("range.start"), end: t("range.end") } : { start: t("range.from"), end: t("range.to") };
  const message =
    error === "tooLong"
      ? days
        ? t("range.errors.tooLong", { max: ADMIN_STATS_MAX_DAYS })
        : t("range.errors.tooLongMonths", { max: ADMIN_BILLING_MAX_MONTHS })
      : error
        ? t(`range.errors.${error}`)
        : null;
  const errorId = `${id}-error`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (text.problem(draft.start) || text.problem(draft.end)) {
      // Each field names its own problem; the range rule waits for two real values.
      setRefused(true);
      setError(null);
      return;
    }
    const range = { start: text.toIso(draft.start) ?? "", end: text.toIso(draft.end) ?? "" };
    const problem = check(range);
    setError(problem);
    if (!problem) onApply(range);
  };
  const field = (name: "start" | "end") => (
    <text.Field
      id={`${id}-${name}`}
      label={labels[name]}
      className="w-44"
      value={draft[name]}
      showProblem={refused}
      describedBy={error ? errorId : undefined}
      onValueChange={(typed) => setDraft((d) => ({ ...d, [name]: typed }))}
    />
  );
  const apply = (
    <Button type="submit" disabled={busy}>
      {t("range.apply")}
    </Button>
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start gap-3">
        {field("start")}
        {field("end")}
        {/* A field's message grows its column downwards: Apply stays level with the fields, under an invisible copy of their label row. */}
        <div className="grid gap-1.5">
          <div aria-hidden="true" className="invisible flex items-baseline">
            <span className="text-sm leading-none">&nbsp;</span>
            <span className="text-xs leading-none">&nbsp;</span>
          </div>
          {apply}
        </div>
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </form>
  );
}
