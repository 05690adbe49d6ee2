import { I18nRoot } from "@/components/i18n/i18n-root";
import { PayNotice } from "@/components/pay/pay-notice";

/** Island for the payments origin's `/?p={id}`. */
export default function PayIsland({ search }: { search?: string }) {
  const query = search ?? (typeof window === "undefined" ? "" : window.location.search);
  return (
    <I18nRoot>
      <PayNotice paymentId={new URLSearchParams(query).get("p")} />
    </I18nRoot>
  );
}
