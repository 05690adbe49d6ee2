import { expect, userEvent, type within } from "storybook/test";

/**
 * The `play` steps of every story with a dd/MM/yyyy day field (`DayField` and the forms built on
 * it: the orders filters, the admin range form). They all write a day the same way and read its
 * problem the same way, so the steps live here once and each story keeps only what it asserts.
 */

type Canvas = ReturnType<typeof within>;

/** Empties the day field and types `day` into it, as a user would; the field keeps the focus. */
export async function typeDay(field: HTMLElement, day: string): Promise<void> {
  await userEvent.clear(field);
  await userEvent.type(field, day);
}

/**
 * Types `day` into the field (see `typeDay`) and leaves it: by a click on `leaveBy` (the form's
 * Apply, say), or by Tab when none is given. Leaving is what tidies the text and shows its problem.
 */
export async function enterDay(field: HTMLElement, day: string, leaveBy?: HTMLElement): Promise<void> {
  await typeDay(field, day);
  if (leaveBy) await userEvent.click(leaveBy);
  else await userEvent.tab();
}

/**
 * Expects the problem shown under the field: `text` in the alert and the field marked invalid, or
 * with `null` no alert at all and a valid field.
 */
export async function expectDayProblem(canvas: Canvas, field: HTMLElement, text: string | null): Promise<void> {
  if (text === null) {
    await expect(field).not.toBeInvalid();
    await expect(canvas.queryByRole("alert")).toBeNull();
    return;
  }
  await expect(await canvas.findByRole("alert")).toHaveTextContent(text);
  await expect(field).toBeInvalid();
}
