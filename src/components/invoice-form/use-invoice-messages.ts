import * as React from "react";
import { useTranslation } from "react-i18next";
import { INVOICE_MESSAGES, type InvoiceMessages } from "@/lib/invoice-form";

/** The SPEC §5 invoice and payee messages in the reader's language, for the shared schemas. */
export function useInvoiceMessages(): InvoiceMessages {
  const { t } = useTranslation("invoices");
  return React.useMemo(
    () => Object.fromEntries(Object.keys(INVOICE_MESSAGES).map((k) => [k, t(`validation.${k}`)])) as InvoiceMessages,
    [t],
  );
}
