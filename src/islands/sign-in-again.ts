import { signInReturningTo } from "@/lib/return-path";
import { forgetSessionForNextPage } from "@/stores/session";

/**
 * A recent sign-in is what the server wants before it shows or replaces the API secret or saves
 * the webhook settings: sign out, then in, and come back to this page (Settings › Security, /zapi).
 */
export const signInAgain = () => {
  const { pathname, search, hash } = window.location;
  forgetSessionForNextPage();
  window.location.assign(signInReturningTo(`${pathname}${search}${hash}`));
};
