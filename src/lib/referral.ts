/** SPEC §2: the referral link is the site's base address plus `?r={referralCode}`. */
export function referralLink(origin: string, referralCode: string): string {
  const url = new URL("/", origin);
  url.searchParams.set("r", referralCode);
  return url.toString();
}

/** SPEC §3 Referral: when the referee signed up, and their e-mail's local part (null until they give one). */
export interface ReferralDto {
  createdAt: string;
  refereeInfo: { email: string | null };
}

/**
 * The part of an e-mail address before the last '@' (SPEC §2 Referral shows only that). A
 * referrer never receives their referees' full addresses: the server sends this part only.
 */
export function emailLocalPart(email: string | null | undefined): string | null {
  const trimmed = email?.trim();
  if (!trimmed) return null;
  const at = trimmed.lastIndexOf("@");
  return at > 0 ? trimmed.slice(0, at) : at === 0 ? null : trimmed;
}

/**
 * Where a visitor who opened a referral link (`/?r=CODE`) goes: the sign-in page, keeping the
 * code, since the sign-in sends it with the new account. Null when the address carries no code.
 */
export function referralSignInPath(search: string): string | null {
  const code = new URLSearchParams(search).get("r")?.trim();
  if (!code) return null;
  const params = new URLSearchParams({ r: code });
  return `/auth?${params.toString()}`;
}
