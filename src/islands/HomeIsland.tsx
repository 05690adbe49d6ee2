import { I18nRoot } from "@/components/i18n/i18n-root";
import { Welcome } from "@/components/home/welcome";

/** Island for `/`: the landing page. */
export default function HomeIsland() {
  return (
    <I18nRoot>
      <Welcome />
    </I18nRoot>
  );
}
