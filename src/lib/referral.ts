/** SPEC §2: the referral link is the site's base address plus `?r={referralCode}`. */
export function referralLink(origin: string, referralCode: string): string {
  const url = new URL("/", origin);
  url.searchParams.set("r", referralCode);
  return url.toString();
}
