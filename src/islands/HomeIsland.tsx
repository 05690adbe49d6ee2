import { I18nRoot } from "@/components/i18n/i18n-root";
import { Welcome } from "@/components/home/welcome";
import { referralSignInPath } from "@/lib/referral";

/** Island for `/`: the landing page; a referral link (`/?r=CODE`) goes on to sign-in with its code. */
export default function HomeIsland() {
  const referral = typeof window === "undefined" ? null : referralSignInPath(window.location.search);
  if (referral) {
    window.location.replace(referral);
    return null;
  }
  return (
    <I18nRoot>
      <Welcome />
    </I18nRoot>
  );
}
