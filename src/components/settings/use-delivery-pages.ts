import * as React from "react";
import type { ApiClient } from "@/lib/api-client";
import { deliveriesPath, type DeliveryFilter, type WebhookDeliveryDto } from "@/lib/webhook-settings";

export type DeliveryPages =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; list: WebhookDeliveryDto[]; next: string | null; more: "idle" | "loading" | "error" };

type Page = { data: { list: WebhookDeliveryDto[]; next: string | null } };

/**
 * The delivery log's pages for the chosen filter, newest first: the first page on load, on `choose`
 * (a new filter) and on `reload`; `loadMore` appends the next (older) page by its cursor. An answer
 * for a load that was since replaced is dropped, so a slow page never lands under another filter.
 */
export function useDeliveryPages(api: ApiClient) {
  const [filter, setFilter] = React.useState<DeliveryFilter>("sent");
  const [pages, setPages] = React.useState<DeliveryPages>({ status: "loading" });
  /** Counts first-page loads: an answer counts only while its load is the latest. */
  const generation = React.useRef(0);

  const reload = React.useCallback(() => {
    const mine = ++generation.current;
    api
      .get<Page>(deliveriesPath(filter))
      .then((r) => mine === generation.current && setPages({ status: "ready", list: r.data.list, next: r.data.next, more: "idle" }))
      .catch(() => mine === generation.current && setPages({ status: "error" }));
  }, [api, filter]);
  React.useEffect(reload, [reload]);

  const choose = React.useCallback((next: DeliveryFilter) => {
    setPages({ status: "loading" });
    setFilter(next);
  }, []);

  const loadMore = React.useCallback(() => {
    if (pages.status !== "ready" || !pages.next || pages.more === "loading") return;
    const mine = generation.current;
    setPages({ ...pages, more: "loading" });
    api
      .get<Page>(deliveriesPath(filter, pages.next))
      .then((r) => mine === generation.current && setPages({ status: "ready", list: [...pages.list, ...r.data.list], next: r.data.next, more: "idle" }))
      .catch(() => mine === generation.current && setPages({ ...pages, more: "error" }));
  }, [api, filter, pages]);

  return { filter, choose, pages, reload, loadMore };
}
