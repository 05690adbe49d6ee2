import type { ApiClient } from "@/lib/api-client";
import { showToast } from "@/stores/toasts";
import { copyPayLink } from "./copy-pay-link";

/**
 * The pay link of a product row, asked of `${basePath}/:userId/:id` (the server builds it), and
 * the two things the pages do with it: copy it, or open its instructions. A missing link is said
 * with the SPEC toast 'No valid link found!' (the namespace `t` has `toasts.*`).
 */
export function usePayLink<Row extends { _id: string }>(api: ApiClient, basePath: string, userId: string, t: (key: string) => string) {
  const pageLinkOf = async (row: Row): Promise<string | undefined> => {
    try {
      const { data } = await api.get<{ data: { page_link?: string } }>(`${basePath}/${encodeURIComponent(userId)}/${encodeURIComponent(row._id)}`);
      return data.page_link || undefined;
    } catch {
      return undefined;
    }
  };

  const copyLink = async (row: Row) => copyPayLink(await pageLinkOf(row), t);

  /** Calls `open` with the link, or says there is none. */
  const withLink = async (row: Row, open: (pageLink: string) => void) => {
    const pageLink = await pageLinkOf(row);
    if (!pageLink) showToast({ message: t("toasts.noLink"), variant: "error" });
    else open(pageLink);
  };

  return { pageLinkOf, copyLink, withLink };
}
