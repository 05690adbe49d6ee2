import { dayProblem, tidyDay } from "@/lib/day-text";
import { CalendarTextField, type CalendarTextFieldProps, type CalendarTextFormat } from "./calendar-text-field";

export type DayFieldProps = CalendarTextFieldProps;

export const DAY: CalendarTextFormat = { key: "dayField", problem: dayProblem, tidy: tidyDay, maxLength: 10 };

/**
 * A day written dd/MM/yyyy (jj/mm/aaaa in French) in a plain text field. A date input would show
 * the browser's locale instead (MM/DD/YYYY on an en-US browser, even in a French page), while the
 * filters and the API speak dd/MM/yyyy. The text is tidied when the field is left (01112026 →
 * 01/11/2026) and an impossible day (31/02/2026) is named under the field.
 */
export function DayField(props: DayFieldProps) {
  return <CalendarTextField format={DAY} {...props} />;
}
