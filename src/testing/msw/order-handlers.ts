/**
 * The story server's Orders routes (src/server/modules/transactions): the store's orders filtered
 * by status (other filters are the server's job and tested there), keyset pages of `limit` rows
 * with the cursor's tid as the position, and the CSV export.
 */
import { HttpResponse } from "msw";
import { requireMerchant } from "./auth-handlers";
import { route } from "./respond";
import { storyServer } from "./store";
import { DEFAULT_TX_STATUSES, ORDERS_PAGE_SIZE } from "@/lib/transaction-filters";
import type { OrderDto } from "@/lib/order-types";

const cursorOf = (o: OrderDto) => ({ iid: String(Date.parse(o.createdAt) * 1000), tid: o._id });

function selected(request: Request): OrderDto[] {
  const q = new URL(request.url).searchParams;
  const statuses = (q.get("txStatus") ?? DEFAULT_TX_STATUSES.join(",")).split(",");
  const type = q.get("type");
  return storyServer.orders.filter((o) => statuses.includes(o.status === "refunded" ? "validated" : o.status) && (!type || o.type === type));
}

function page(request: Request, direction: "next" | "prev" | null, tid?: string) {
  requireMerchant(request);
  const limit = Number(new URL(request.url).searchParams.get("limit") ?? ORDERS_PAGE_SIZE);
  const rows = selected(request);
  const at = tid ? rows.findIndex((o) => o._id === tid) : -1;
  const start = direction === "prev" ? Math.max(0, at - limit) : at + 1;
  const end = direction === "prev" ? at : start + limit;
  const list = rows.slice(start, end);
  return {
    data: {
      table: {
        list,
        next: end < rows.length && list.length ? cursorOf(list[list.length - 1]) : null,
        prev: start > 0 && list.length ? cursorOf(list[0]) : null,
      },
    },
  };
}

export const orderHandlers = [
  route("get", "/api/transactions", ({ request }) => {
    if (new URL(request.url).searchParams.get("limit") === "all") {
      requireMerchant(request);
      const lines = ["Date,Order ID,Requested Amount,Received Amount,Currency,Status,Type,Hash,Payer,Chain", ...selected(request).map((o) => `${o.createdAt},${o.orderId},,,,${o.status},${o.type},${o.hash ?? ""},${o.payer ?? ""},${o.chain}`)];
      return new HttpResponse(`${lines.join("\n")}\n`, { headers: { "content-type": "text/csv; charset=utf-8" } });
    }
    return page(request, null);
  }),
  route("get", "/api/transactions/:direction/:iid/:tid", ({ request, params }) => page(request, params.direction === "prev" ? "prev" : "next", String(params.tid))),
];
