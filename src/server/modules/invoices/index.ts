/** The invoices module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { BillDto, invoiceLinks, toBillDto, withDetails } from "./dto";
export { invoicePageHtml } from "./page";
export { billPayable, invoicePayableSource } from "./payable";
export type { PdfPoolOptions } from "./pdf-pool";
export { closePdfWorkers, invoicePdfResponse } from "./pdf-response";
export { publicInvoiceRoutes } from "./public-routes";
export { invoiceRoutes } from "./routes";
export { createInvoice, disableInvoice, findOwnInvoice, invoiceEditKey, listInvoices, updateInvoice, validateInvoiceBody } from "./service";
