import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { DayField } from "@/components/ui/day-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { dayProblem, dayToIso, isoToDay } from "@/lib/day-text";
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

/**
 * From/To fields and Apply, for the statistics (days) and billing (months) pages. Days are typed
 * dd/MM/yyyy in a `DayField` (not the browser's locale-dependent date input) and handed on as the
 * yyyy-MM-dd the operator API speaks.
 */
export function RangeForm({ kind, value, check, onApply, busy }: RangeFormProps) {
  const { t } = useTranslation("admin");
  const id = React.useId();
  const days = kind === "date";
  // Days are held as typed (dd/MM/yyyy), months as the month input gives them (yyyy-MM).
  const [draft, setDraft] = React.useState<Range>(() => (days ? { start: isoToDay(value.start), end: isoToDay(value.end) } : value));
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
    if (days && (dayProblem(draft.start) || dayProblem(draft.end))) {
      // Each field names its own problem; the range rule waits for two real days.
      setRefused(true);
      setError(null);
      return;
    }
    const range = days ? { start: dayToIso(draft.start) ?? "", end: dayToIso(draft.end) ?? "" } : draft;
    const problem = check(range);
    setError(problem);
    if (!problem) onApply(range);
  };
  const field = (name: "start" | "end") =>
    days ? (
      <DayField
        id={`${id}-${name}`}
        label={labels[name]}
        className="w-44"
        value={draft[name]}
        showProblem={refused}
        describedBy={error ? errorId : undefined}
        onValueChange={(text) => setDraft((d) => ({ ...d, [name]: text }))}
      />
    ) : (
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-${name}`}>{labels[name]}</Label>
        <Input
          id={`${id}-${name}`}
          type="month"
          className="w-44"
          value={draft[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        />
      </div>
    );
  const apply = (
    <Button type="submit" disabled={busy}>
      {t("range.apply")}
    </Button>
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <div className={days ? "flex flex-wrap items-start gap-3" : "flex flex-wrap items-end gap-3"}>
        {field("start")}
        {field("end")}
        {days ? (
          // A day's message grows its column downwards: Apply stays level with the fields, under an invisible copy of their label row.
          <div className="grid gap-1.5">
            <div aria-hidden="true" className="invisible flex items-baseline">
              <span className="text-sm leading-none">&nbsp;</span>
              <span className="text-xs leading-none">&nbsp;</span>
            </div>
            {apply}
          </div>
        ) : (
          apply
        )}
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </form>
  );
}
