/** Stories only: the merchant profile the story server starts from, and a drawn logo. */
import type { ProfileDto } from "@/lib/profile";

/** A coffee-cup logo (stories cannot upload real files to a server: every upload shows this). */
export const STORY_LOGO =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#fef3c7"/><path d="M14 24h30v14a12 12 0 0 1-12 12h-6a12 12 0 0 1-12-12z" fill="#92400e"/><path d="M44 28h4a6 6 0 0 1 0 12h-4" fill="none" stroke="#92400e" stroke-width="4"/><path d="M24 12c-2 3 2 5 0 8M32 12c-2 3 2 5 0 8" stroke="#b45309" stroke-width="2.5" fill="none"/></svg>',
  );

/** A merchant who has not filled in anything. */
export const storyEmptyProfile: ProfileDto = { company: "", city: "", taxId: "", defaultInvoiceNotes: "", brandColor: "", logoUrl: null, billingCurrency: "USD" };

/** A filled-in profile: name, navy colour, logo, invoice details. */
export const storyProfile: ProfileDto = {
  company: "Acme Coffee",
  city: "Lyon",
  taxId: "FR40303265045",
  defaultInvoiceNotes: "Thank you for your business.",
  brandColor: "#1e3a8a",
  logoUrl: STORY_LOGO,
  billingCurrency: "EUR",
};

/** `GET /api/supported-currencies`, as the migration seeds a few of them. */
export const STORY_CURRENCIES: [string, string][] = [
  ["EUR", "Euro"],
  ["GBP", "British Pound"],
  ["USD", "US Dollar"],
];
