import { monthProblem, tidyMonth } from "@/lib/month-text";
import { CalendarTextField, type CalendarTextFieldProps, type CalendarTextFormat } from "./calendar-text-field";

export type MonthFieldProps = CalendarTextFieldProps;

export const MONTH: CalendarTextFormat = { key: "monthField", problem: monthProblem, tidy: tidyMonth, maxLength: 7 };

/**
 * A month written MM/yyyy (mm/aaaa in French) in a plain text field. A month input would show the
 * browser's language ("December 2025" in a French page) and is a bare text box in some browsers.
 * The text is tidied when the field is left (112026 or 2026-11 → 11/2026) and a month that does
 * not exist (13/2026) is named under the field.
 */
export function MonthField(props: MonthFieldProps) {
  return <CalendarTextField format={MONTH} {...props} />;
}
