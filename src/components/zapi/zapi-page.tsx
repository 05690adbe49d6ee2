import { useTranslation } from "react-i18next";
import { ApiKeysCard } from "@/components/api-keys/api-keys-card";
import { OrdersPage, type OrdersPageProps } from "@/components/orders/orders-page";

export interface ZapiPageProps extends Omit<OrdersPageProps, "basePath" | "productType" | "heading"> {
  accountId: string;
  onSignInAgain: () => void;
}

/**
 * /zapi: the API keys (their one home; Settings › Security links here) and the API Transactions, the Orders list of the payments
 * servers created through the zAPI (type dynamic), with its filters, paging and CSV download.
 */
export function ZapiPage({ accountId, onSignInAgain, ...orders }: ZapiPageProps) {
  const { t } = useTranslation("zapi");
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      <ApiKeysCard api={orders.api} accountId={accountId} onSignInAgain={onSignInAgain} />
      <OrdersPage
        {...orders}
        basePath="/zapi"
        productType="dynamic"
        heading={
          <div>
            <h2 className="text-xl font-semibold tracking-tight">{t("transactions.title")}</h2>
            <p className="text-muted-foreground">{t("transactions.intro")}</p>
          </div>
        }
      />
    </div>
  );
}
