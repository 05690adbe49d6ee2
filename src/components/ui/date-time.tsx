import { splitDateTime } from "@/lib/transaction-details";

/**
 * A date and time as formatDateTime words them, that may break onto two lines only between the
 * date and the time (a table column that gives way, see DataTable's `fit: "wrap"`).
 */
export function DateTime({ iso, locale, timeZone }: { iso: string; locale: string; timeZone?: string }) {
  const { date, time } = splitDateTime(iso, locale, timeZone);
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}
