import { clearSession } from "@/stores/session";

/** A recent sign-in is what the server wants before it shows or replaces the API secret: sign out, then in. */
export const signInAgain = () => {
  clearSession();
  window.location.assign("/auth");
};
