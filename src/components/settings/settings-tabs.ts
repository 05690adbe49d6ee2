/**
 * The /settings tabs, in the order they show: Profile, Deposits, Notifications, Security. Each has
 * its own page shell (src/pages/settings/) and one line in SettingsIsland's PANELS.
 */
export interface SettingsTab {
  /** Its label's key under `settings:tabs`. */
  key: "profile" | "deposits" | "notifications" | "security";
  href: string;
}

export const SETTINGS_TABS: readonly SettingsTab[] = [
  { key: "profile", href: "/settings" },
  { key: "deposits", href: "/settings/deposits" },
  { key: "notifications", href: "/settings/notifications" },
  { key: "security", href: "/settings/security" },
];

/** The tab a path belongs to (a trailing slash allowed), or undefined for an unknown one. */
export function settingsTabOf(pathname: string): SettingsTab | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return SETTINGS_TABS.find((tab) => tab.href === path);
}
