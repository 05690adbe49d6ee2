import * as React from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { ChevronDownIcon, DownloadIcon, SearchIcon, SlidersHorizontalIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DayField } from "@/components/ui/day-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { compareDays, dayProblem, tidyDay } from "@/lib/day-text";
import { FILTER_FIELDS, FILTER_STATUSES, defaultFilters, type FilterField, type TransactionFilters } from "@/lib/transaction-filters";
import { changedFilters } from "./changed-filters";

export interface OrdersFiltersProps {
  value: TransactionFilters;
  onApply: (filters: TransactionFilters) => void;
  onReset: () => void;
  onDownload: () => void;
  /** While a download runs: the rows received so far (the button shows them and is disabled). */
  downloadedRows?: number | null;
  /** What Reset goes back to (the reader's zone and today); the Filters button counts what differs. UTC today when absent. */
  defaults?: TransactionFilters;
}

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/**
 * SPEC §3 transaction filters (the parent keys it by the applied filters, so a new `value` starts a new draft): search text and where to look, statuses, day range, amount range; applied together.
 * On a phone everything but the search box and the buttons folds behind a "Filters (n)" disclosure, so the
 * orders stay on the first screen; from the `sm` width up the panel is always shown and the disclosure hidden.
 */
export function OrdersFilters({ value, onApply, onReset, onDownload, downloadedRows, defaults }: OrdersFiltersProps) {
  const { t } = useTranslation("orders");
  const [draft, setDraft] = React.useState(value);
  const [open, setOpen] = React.useState(false);
  const [refused, setRefused] = React.useState(false);
  const fromRef = React.useRef<HTMLInputElement>(null);
  const toRef = React.useRef<HTMLInputElement>(null);
  const set = <K extends keyof TransactionFilters>(key: K, v: TransactionFilters[K]) => setDraft((d) => ({ ...d, [key]: v }));
  const downloading = downloadedRows !== null && downloadedRows !== undefined;
  const baseline = React.useMemo(() => defaults ?? defaultFilters(new Date()), [defaults]);
  const changed = changedFilters(draft, baseline);
  const endBeforeStart = !dayProblem(draft.timeStart) && !dayProblem(draft.timeEnd) && compareDays(draft.timeStart, draft.timeEnd) > 0;
  // Nothing ticked would search nowhere and list nothing; the server would read it as "the defaults".
  const noField = draft.filterFields.length === 0;
  const noStatus = draft.txStatus.length === 0;
  const panelId = React.useId();
  const fieldsErrorId = React.useId();
  const statusErrorId = React.useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const firstBox = (prefix: string) => ({ current: document.getElementById(`${prefix}-${prefix === "orders-field" ? FILTER_FIELDS[0] : FILTER_STATUSES[0]}`) });
    const bad = dayProblem(draft.timeStart)
      ? fromRef
      : dayProblem(draft.timeEnd) || endBeforeStart
        ? toRef
        : noField
          ? firstBox("orders-field")
          : noStatus
            ? firstBox("orders-status")
            : null;
    if (bad) {
      // Apply is refused: unfold the panel (on a phone it may be folded) and take the reader to the field.
      flushSync(() => {
        setRefused(true);
        setOpen(true);
      });
      bad.current?.focus();
      return;
    }
    onApply({ ...draft, timeStart: tidyDay(draft.timeStart), timeEnd: tidyDay(draft.timeEnd) });
  };

  return (
    <form aria-label={t("filters.legend")} noValidate className="grid gap-4 rounded-lg border p-4" onSubmit={submit}>
      <div className="grid gap-1.5">
        <Label htmlFor="orders-search">{t("filters.search")}</Label>
        <Input id="orders-search" type="search" value={draft.filterText} placeholder={t("filters.searchPlaceholder")} maxLength={200} onChange={(e) => set("filterText", e.target.value)} />
      </div>
      {/* A whole-width row of its own on a phone, just above what it unfolds. */}
      <Button type="button" variant="outline" className="justify-between sm:hidden" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <span className="flex items-center gap-2">
          <SlidersHorizontalIcon aria-hidden="true" />
          {changed ? t("filters.toggleCount", { count: changed }) : t("filters.toggle")}
        </span>
        <ChevronDownIcon aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
      </Button>
      <div id={panelId} className={cn("gap-4", open ? "grid" : "hidden sm:grid")}>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <DayField ref={fromRef} id="orders-from" label={t("filters.from")} value={draft.timeStart} showProblem={refused} onValueChange={(v) => set("timeStart", v)} />
          <DayField
            ref={toRef}
            id="orders-to"
            label={t("filters.to")}
            value={draft.timeEnd}
            showProblem={refused}
            error={endBeforeStart ? t("filters.endBeforeStart") : null}
            onValueChange={(v) => set("timeEnd", v)}
          />
          <div className="grid content-start gap-1.5">
            <Label htmlFor="orders-min">{t("filters.minAmount")}</Label>
            <Input id="orders-min" inputMode="decimal" value={draft.minAmount} onChange={(e) => set("minAmount", e.target.value.trim())} />
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor="orders-max">{t("filters.maxAmount")}</Label>
            <Input id="orders-max" inputMode="decimal" value={draft.maxAmount} onChange={(e) => set("maxAmount", e.target.value.trim())} />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset className="grid gap-2" aria-describedby={refused && noField ? fieldsErrorId : undefined}>
            <legend className="mb-2 text-sm font-medium">{t("filters.searchIn")}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {FILTER_FIELDS.map((f: FilterField) => (
                <div key={f} className="flex items-center gap-2">
                  <Checkbox id={`orders-field-${f}`} checked={draft.filterFields.includes(f)} onCheckedChange={(on) => set("filterFields", toggle(draft.filterFields, f, on === true))} />
                  <Label htmlFor={`orders-field-${f}`}>{t(`fields.${f}`)}</Label>
                </div>
              ))}
            </div>
            {refused && noField ? <FieldError id={fieldsErrorId}>{t("filters.noField")}</FieldError> : null}
          </fieldset>
          <fieldset className="grid gap-2" aria-describedby={refused && noStatus ? statusErrorId : undefined}>
            <legend className="mb-2 text-sm font-medium">{t("filters.status")}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {FILTER_STATUSES.map((s) => (
                <div key={s} className="flex items-center gap-2">
                  <Checkbox id={`orders-status-${s}`} checked={draft.txStatus.includes(s)} onCheckedChange={(on) => set("txStatus", toggle(draft.txStatus, s, on === true))} />
                  <Label htmlFor={`orders-status-${s}`}>{t(`statuses.${s}`)}</Label>
                </div>
              ))}
            </div>
            {refused && noStatus ? <FieldError id={statusErrorId}>{t("filters.noStatus")}</FieldError> : null}
          </fieldset>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          {t("filters.apply")}
        </Button>
        <Button type="button" variant="outline" onClick={onReset}>
          {t("filters.reset")}
        </Button>
        <Button type="button" variant="outline" className="sm:ml-auto" disabled={downloading} onClick={onDownload}>
          <DownloadIcon aria-hidden="true" />
          {downloading ? t("download.progress", { rows: downloadedRows }) : t("download.button")}
        </Button>
      </div>
    </form>
  );
}

/** A fieldset's refusal, read with the group (aria-describedby) and announced when it appears. */
function FieldError({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}
