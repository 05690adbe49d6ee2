import { I18nRoot } from "@/components/i18n/i18n-root";
import { ErrorScreen } from "@/components/errors/error-screen";

/** Island for the 404 page. */
export default function NotFoundIsland() {
  return (
    <I18nRoot>
      <ErrorScreen status={404} />
    </I18nRoot>
  );
}
