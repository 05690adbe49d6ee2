import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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

/** From/To fields and Apply, for the statistics (days) and billing (months) pages. */
export function RangeForm({ kind, value, check, onApply, busy }: RangeFormProps) {
  const { t } = useTranslation("admin");
  const id = React.useId();
  const [draft, setDraft] = React.useState(value);
  const [error, setError] = React.useState<RangeError | null>(null);
  const labels = kind === "date" ? { start: t("range.start"), end: t("range.end") } : { start: t("range.from"), end: t("range.to") };
  const message =
    error === "tooLong"
      ? kind === "date"
        ? t("range.errors.tooLong", { max: ADMIN_STATS_MAX_DAYS })
        : t("range.errors.tooLongMonths", { max: ADMIN_BILLING_MAX_MONTHS })
      : error
        ? t(`range.errors.${error}`)
        : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = check(draft);
    setError(problem);
    if (!problem) onApply(draft);
  };
  const field = (name: "start" | "end") => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{labels[name]}</Label>
      <Input
        id={`${id}-${name}`}
        type={kind}
        className="w-44"
        value={draft[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
      />
    </div>
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        {field("start")}
        {field("end")}
        <Button type="submit" disabled={busy}>
          {t("range.apply")}
        </Button>
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </form>
  );
}
