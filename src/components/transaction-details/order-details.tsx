import { useTranslation } from "react-i18next";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { OrderDetails } from "@/lib/pay-api";

export interface OrderDetailsSectionProps {
  order: OrderDetails | null | undefined;
  /** The currency of the lines' prices (the transaction's product currency). */
  currency?: string;
}

/**
 * What the payer ordered, as frozen on the transaction: a zCart's lines (item, unit price,
 * quantity, amount) and a donor's name and message for the merchant. Renders nothing otherwise.
 */
export function OrderDetailsSection({ order, currency = "" }: OrderDetailsSectionProps) {
  const { t } = useTranslation("zlink");
  const lines = order?.lines ?? [];
  const donor = order?.donor;
  const money = (value: string) => (currency ? `${value} ${currency}` : value);
  return (
    <>
      {lines.length > 0 ? (
        <Table className="caption-top">
          <caption className="mb-2 text-left text-sm font-semibold">{t("details.order.title")}</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t("details.order.item")}</TableHead>
              <TableHead scope="col" className="text-right">
                {t("details.order.unitPrice")}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t("details.order.quantity")}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t("details.order.amount")}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.itemId}>
                <TableHead scope="row" className="font-normal whitespace-normal text-foreground">
                  {line.name}
                </TableHead>
                <TableCell className="text-right">{money(line.unitPrice)}</TableCell>
                <TableCell className="text-right">{line.quantity}</TableCell>
                <TableCell className="text-right">{money(line.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {donor && (donor.name || donor.message) ? (
        <section aria-labelledby="transaction-donor" className="text-sm">
          <h3 id="transaction-donor" className="mb-2 font-semibold">
            {t("details.donor.title")}
          </h3>
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">{t("details.donor.name")}</dt>
            <dd>{donor.name || t("details.donor.anonymous")}</dd>
            {donor.message ? (
              <>
                <dt className="text-muted-foreground">{t("details.donor.message")}</dt>
                <dd className="break-words whitespace-pre-line">{donor.message}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
    </>
  );
}
