/**
 * How long to wait, as a reader of the language writes it: "45 min", "3 h 20 min", "1 min" at
 * least (a refusal never says "0 min"). The server writes its 429 messages with it, and the
 * browser its translation of the same refusal from the `Retry-After` header.
 */
export function formatWait(seconds: number, language = "en"): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const sep = language === "fr" ? "\u00a0" : " ";
  if (hours === 0) return `${minutes}${sep}min`;
  return rest === 0 ? `${hours}${sep}h` : `${hours}${sep}h ${rest}${sep}min`;
}
