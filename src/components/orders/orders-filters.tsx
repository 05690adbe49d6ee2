import * as React from "react";
import { useTranslation } from "react-i18next";
import { DownloadIcon, SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FILTER_FIELDS, FILTER_STATUSES, parseDay, type FilterField, type TransactionFilters } from "@/lib/transaction-filters";
import type { PaymentStatus } from "@/lib/payment-status";

export interface OrdersFiltersProps {
  value: TransactionFilters;
  onApply: (filters: TransactionFilters) => void;
  onReset: () => void;
  onDownload: () => void;
  /** While a download runs: the rows received so far (the button shows them and is disabled). */
  downloadedRows?: number | null;
}

/** dd/MM/yyyy ↔ the yyyy-MM-dd a date input speaks. */
const toInput = (day: string) => {
  const d = parseDay(day);
  return d ? `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}` : "";
};
const fromInput = (value: string) => {
  const [y, m, d] = value.split("-");
  return y && m && d ? `${d}/${m}/${y}` : "";
};

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/** SPEC §3 transaction filters (the parent keys it by the applied filters, so a new `value` starts a new draft): search text and where to look, statuses, day range, amount range; applied together. */
export function OrdersFilters({ value, onApply, onReset, onDownload, downloadedRows }: OrdersFiltersProps) {
  const { t } = useTranslation("orders");
  const [draft, setDraft] = React.useState(value);
  const set = <K extends keyof TransactionFilters>(key: K, v: TransactionFilters[K]) => setDraft((d) => ({ ...d, [key]: v }));
  const downloading = downloadedRows !== null && downloadedRows !== undefined;

  return (
    <form
      aria-label={t("filters.legend")}
      className="grid gap-4 rounded-lg border p-4"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid gap-1.5">
          <Label htmlFor="orders-search">{t("filters.search")}</Label>
          <Input id="orders-search" type="search" value={draft.filterText} placeholder={t("filters.searchPlaceholder")} maxLength={200} onChange={(e) => set("filterText", e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="orders-from">{t("filters.from")}</Label>
          <Input id="orders-from" type="date" value={toInput(draft.timeStart)} onChange={(e) => set("timeStart", fromInput(e.target.value))} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="orders-to">{t("filters.to")}</Label>
          <Input id="orders-to" type="date" value={toInput(draft.timeEnd)} onChange={(e) => set("timeEnd", fromInput(e.target.value))} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("filters.searchIn")}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {FILTER_FIELDS.map((f: FilterField) => (
              <div key={f} className="flex items-center gap-2">
                <Checkbox id={`orders-field-${f}`} checked={draft.filterFields.includes(f)} onCheckedChange={(on) => set("filterFields", toggle(draft.filterFields, f, on === true))} />
                <Label htmlFor={`orders-field-${f}`}>{t(`fields.${f}`)}</Label>
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("filters.status")}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {FILTER_STATUSES.map((s: PaymentStatus) => (
              <div key={s} className="flex items-center gap-2">
                <Checkbox id={`orders-status-${s}`} checked={draft.txStatus.includes(s)} onCheckedChange={(on) => set("txStatus", toggle(draft.txStatus, s, on === true))} />
                <Label htmlFor={`orders-status-${s}`}>{t(`statuses.${s}`)}</Label>
              </div>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid w-36 gap-1.5">
          <Label htmlFor="orders-min">{t("filters.minAmount")}</Label>
          <Input id="orders-min" inputMode="decimal" value={draft.minAmount} onChange={(e) => set("minAmount", e.target.value.trim())} />
        </div>
        <div className="grid w-36 gap-1.5">
          <Label htmlFor="orders-max">{t("filters.maxAmount")}</Label>
          <Input id="orders-max" inputMode="decimal" value={draft.maxAmount} onChange={(e) => set("maxAmount", e.target.value.trim())} />
        </div>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button type="submit">
            <SearchIcon aria-hidden="true" />
            {t("filters.apply")}
          </Button>
          <Button type="button" variant="outline" onClick={onReset}>
            {t("filters.reset")}
          </Button>
          <Button type="button" variant="outline" disabled={downloading} onClick={onDownload}>
            <DownloadIcon aria-hidden="true" />
            {downloading ? t("download.progress", { rows: downloadedRows }) : t("download.button")}
          </Button>
        </div>
      </div>
    </form>
  );
}
