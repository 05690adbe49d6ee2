import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, waitFor, within } from "storybook/test";
import { PayClock, TimeLeft, useTimeLeft } from "./pay-clock";

/**
 * The pay page's only clock: the countdown to a partly paid payment's expiry (issue 28), as the
 * underpaid panel shows it, in the payer's words. Frozen with `PayClock` so each picture is the
 * same every run; the last story lets it tick.
 */

const EXPIRES = "2026-11-22T19:00:00.000Z";
const at = (secondsLeft: number) => Date.parse(EXPIRES) - secondsLeft * 1000;

function Countdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation("pay");
  const left = useTimeLeft(expiresAt)!;
  return (
    <div className="grid max-w-sm gap-2">
      <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 rounded-md bg-muted px-3 py-3 text-sm">
        <dt className="text-muted-foreground">{t("underpaid.timeLeft")}</dt>
        <dd className="text-right tabular-nums">
          <TimeLeft ms={left} />
        </dd>
      </dl>
      {left <= 0 ? (
        <p role="status" className="text-sm">
          {t("underpaid.timeUp")}
        </p>
      ) : null}
    </div>
  );
}

/** `now`: the frozen clock; unset, it ticks from the real time. */
function PayClockStory({ now, expiresAt = EXPIRES }: { now?: number; expiresAt?: string }) {
  return now === undefined ? (
    <Countdown expiresAt={expiresAt} />
  ) : (
    <PayClock now={now}>
      <Countdown expiresAt={expiresAt} />
    </PayClock>
  );
}

const meta = {
  title: "Pay/PayClock",
  component: PayClockStory,
} satisfies Meta<typeof PayClockStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const timeLeft = (canvas: HTMLElement, label: string) => within(canvas).getByText(label).nextElementSibling!.querySelector("time")!;

/** Minutes and seconds left. */
export const TimeLeftToPay: Story = {
  args: { now: at(14 * 60 + 30) },
  play: async ({ canvasElement }) => {
    await expect(timeLeft(canvasElement, "Time left to pay")).toHaveTextContent("14:30");
    await expect(timeLeft(canvasElement, "Time left to pay")).toHaveAttribute("dateTime", "PT0H14M30S");
    await expect(within(canvasElement).queryByRole("status")).toBeNull();
  },
};

/** Under a minute: a part second counts as a whole one (0:42, not 0:41, with 41.2 s left). */
export const UnderAMinute: Story = {
  args: { now: at(41.2) },
  play: async ({ canvasElement }) => {
    await expect(timeLeft(canvasElement, "Time left to pay")).toHaveTextContent("0:42");
    await expect(within(canvasElement).queryByRole("status")).toBeNull();
  },
};

/** Past the expiry: zero, never negative, and the page says it checks one last time. */
export const Expired: Story = {
  args: { now: at(-95) },
  play: async ({ canvasElement }) => {
    await expect(timeLeft(canvasElement, "Time left to pay")).toHaveTextContent("0:00");
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("The time to pay ran out. Checking the payment one last time…");
  },
};

export const TimeLeftToPayFrench: Story = {
  args: { now: at(14 * 60 + 30) },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(timeLeft(canvasElement, "Temps restant pour payer")).toHaveTextContent("14:30");
  },
};

export const UnderAMinuteFrench: Story = {
  args: { now: at(41.2) },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(timeLeft(canvasElement, "Temps restant pour payer")).toHaveTextContent("0:42");
  },
};

export const ExpiredFrench: Story = {
  args: { now: at(-95) },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(timeLeft(canvasElement, "Temps restant pour payer")).toHaveTextContent("0:00");
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Le délai de paiement a expiré. Dernière vérification du paiement…");
  },
};

/** Unfrozen, it ticks by itself (no picture: the text changes every second). */
function TickingStory() {
  // Five minutes from when the story opens, so the countdown runs below 5:00.
  const [expiresAt] = useState(() => new Date(Date.now() + 5 * 60 * 1000).toISOString());
  return <PayClockStory expiresAt={expiresAt} />;
}

export const Ticking: Story = {
  tags: ["no-screenshot"],
  render: () => <TickingStory />,
  play: async ({ canvasElement }) => {
    const time = timeLeft(canvasElement, "Time left to pay");
    const first = time.textContent;
    await expect(first).toMatch(/^(5:00|4:5\d)$/);
    await waitFor(() => expect(time.textContent).not.toBe(first), { timeout: 3000 });
  },
};
