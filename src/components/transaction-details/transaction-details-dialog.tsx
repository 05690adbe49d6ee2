import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTokenAmount } from "@/lib/token-format";
import { RefundDialog, type RefundSender } from "@/components/refunds/refund-dialog";
import { Button } from "@/components/ui/button";
import { AddressDisplay } from "@/components/ui/address-display";
import { CopyButton } from "@/components/ui/copy-button";
import { ExternalLink } from "@/components/ui/external-link";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { StatusChip } from "@/components/ui/status-chip";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { shortenAddress } from "@/lib/address";
import { paymentStatus } from "@/lib/status";
import { OrderDetailsSection } from "./order-details";
import {
  formatDateTime,
  paymentMethod,
  paymentStages,
  platformOrderId,
  refundSummary,
  transactionLink,
  type PaymentInfoDto,
} from "@/lib/transaction-details";

export interface TransactionDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  info: PaymentInfoDto;
  /** The product's order id (zLink hashedId…), named in the description. */
  orderId?: string;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
  /** Offer the Refund button for a paid or validated payment (SPEC §2 Refund dialog). */
  refundable?: boolean;
  /** The wallet side of a refund (stories give a stand-in; the browser's wallet otherwise). */
  sendRefund?: RefundSender;
  /** Told once a refund is confirmed, so the page reloads its rows. */
  onRefunded?: () => void;
}

/**
 * SPEC §2 transaction details: the product type (zLink, zRequest…), requested and received amounts, type (Ramp, Swap or Direct), hash
 * with its explorer link, payer, status, the platform's order id for shopify orders, and the
 * stages table (Initiated, Paid, Validated, Failed, then Refunded once fully refunded); what was refunded, partly or fully; a zCart's lines or a donor's note when the payment has them.
 */
export function TransactionDetailsDialog({ open, onOpenChange, info, orderId, timeZone, refundable = false, sendRefund, onRefunded }: TransactionDetailsDialogProps) {
  const { t, i18n } = useTranslation("zlink");
  const { t: tr } = useTranslation("refunds");
  const [refunding, setRefunding] = useState(false);
  const canRefund = refundable && (info.status === "paid" || info.status === "validated");
  const method = paymentMethod(info);
  const link = transactionLink(info);
  const platformOrder = platformOrderId(info);
  const refund = refundSummary(info);
  const time = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : t("details.notReached"));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("details.title")}</DialogTitle>
          {orderId ? <DialogDescription>{t("details.description", { orderId })}</DialogDescription> : null}
        </DialogHeader>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-3 [&>dd]:mb-2 sm:[&>dd]:mb-0">
          <dt className="text-muted-foreground">{t("details.product")}</dt>
          <dd>{t(`details.productTypes.${info.type}`, { defaultValue: info.type })}</dd>
          <dt className="text-muted-foreground">{t("details.requestedAmount")}</dt>
          <dd className="font-medium">{formatTokenAmount(info.requestedAmount, i18n.language)}</dd>
          <dt className="text-muted-foreground">{t("details.transactionAmount")}</dt>
          <dd className="font-medium">{info.recievedAmount ? formatTokenAmount(info.recievedAmount, i18n.language) : t("details.notReceived")}</dd>
          {refund ? (
            <>
              <dt className="text-muted-foreground">{t("details.refunded")}</dt>
              <dd className="font-medium">
                {t("details.refundedAmount", { amount: formatTokenAmount(refund.amount, i18n.language), extent: t(`details.refundExtent.${refund.extent}`) })}
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{t("details.type")}</dt>
          <dd>
            {info.swap && method === "swap"
              ? t("details.swapVia", { type: t(`details.types.${method}`), token: info.swap.token })
              : t(`details.types.${method}`)}
          </dd>
          <dt className="text-muted-foreground">{t("details.hash")}</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-1">
            {info.hash ? (
              <>
                <span className="font-mono whitespace-nowrap" title={info.hash}>
                  <span aria-hidden="true">{shortenAddress(info.hash, 8)}</span>
                  <span className="sr-only">{info.hash}</span>
                </span>
                <CopyButton value={info.hash} label={t("details.copyHash")} className="size-7" />
                {link ? (
                  <ExternalLink href={link}>{t("details.viewOnExplorer")}</ExternalLink>
                ) : null}
              </>
            ) : (
              t("details.noHash")
            )}
          </dd>
          <dt className="text-muted-foreground">{t("details.payer")}</dt>
          <dd>{info.payer ? <AddressDisplay address={info.payer} chars={6} copyable /> : t("details.unknown")}</dd>
          <dt className="text-muted-foreground">{t("details.status")}</dt>
          <dd>
            <StatusChip status={paymentStatus(info)} />
          </dd>
          {platformOrder ? (
            <>
              <dt className="text-muted-foreground">{t("details.platformOrderId")}</dt>
              <dd className="font-mono">{platformOrder}</dd>
            </>
          ) : null}
        </dl>
        <OrderDetailsSection order={info.orderDetails} currency={info.productInfo?.currency} />
        <Table className="caption-top">
          <caption id="transaction-stages" className="mb-2 text-left text-sm font-semibold">
            {t("details.stages")}
          </caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t("details.stage")}</TableHead>
              <TableHead scope="col">{t("details.time")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {paymentStages(info).map(({ stage, at }) => (
              <TableRow key={stage} data-reached={at ? "true" : "false"}>
                <TableHead scope="row" className="font-normal text-foreground">
                  {t(`details.stageNames.${stage}`)}
                </TableHead>
                <TableCell className={at ? undefined : "text-muted-foreground"}>{time(at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {canRefund ? (
          <DialogFooter>
            <Button variant="outline" onClick={() => setRefunding(true)}>
              {tr("open")}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
      {canRefund ? (
        <RefundDialog open={refunding} onOpenChange={setRefunding} paymentId={info._id} sendRefund={sendRefund} onRefunded={onRefunded} />
      ) : null}
    </Dialog>
  );
}
