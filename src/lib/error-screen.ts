/** SPEC §8 error screens: which title and default message a failed request shows. */
export type ErrorScreenKind = "internal" | "notFound" | "generic";

export function errorScreenKind(status: number | undefined): ErrorScreenKind {
  if (status === 500) return "internal";
  if (status === 404) return "notFound";
  return "generic";
}
