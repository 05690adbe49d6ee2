import { I18nRoot } from "@/components/i18n/i18n-root";
import { Welcome } from "@/components/home/welcome";
import { homeRedirect, signInFromHome } from "@/lib/home-route";
import { $session } from "@/stores/session";

/**
 * Island for `/`: a signed-in merchant goes on to the dashboard and a referral link (`/?r=CODE`)
 * to sign-in with its code (`homeRedirect`); anyone else sees the landing page and its Sign in.
 */
export default function HomeIsland() {
  const search = typeof window === "undefined" ? "" : window.location.search;
  const next = typeof window === "undefined" ? null : homeRedirect(search, $session.get());
  if (next) {
    window.location.replace(next);
    return null;
  }
  return (
    <I18nRoot>
      <Welcome signInHref={signInFromHome(search)} />
    </I18nRoot>
  );
}
