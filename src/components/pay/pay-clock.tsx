import { createContext, useContext, useEffect, useState } from "react";
import { formatTimeLeft, isoDuration } from "./pay-format";

/**
 * The pay page's clock, for the countdown to a payment's expiry. The machine keeps no clock (the
 * server says when a payment expired); only this display ticks. Stories and tests freeze it with
 * `PayClock` so a picture of the countdown is the same every run.
 */
const FrozenNow = createContext<number | null>(null);

/** Freezes the pay page's clock at `now` (ms since the epoch) for what it wraps. */
export function PayClock({ now, children }: { now: number; children: React.ReactNode }) {
  return <FrozenNow.Provider value={now}>{children}</FrozenNow.Provider>;
}

/** The time now, ticking every `everyMs` (or the frozen time, not ticking). */
export function useNow(everyMs = 1000): number {
  const frozen = useContext(FrozenNow);
  const [now, setNow] = useState(() => frozen ?? Date.now());
  useEffect(() => {
    if (frozen !== null) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [frozen, everyMs]);
  return frozen ?? now;
}

/** Milliseconds left until `until` (an ISO time) by the pay page's clock, ticking; undefined without one. */
export function useTimeLeft(until: string | undefined): number | undefined {
  const now = useNow();
  return until ? Date.parse(until) - now : undefined;
}

/**
 * A countdown's text ("14:30", "0:42", "0:00" once past), with its ISO duration for machines.
 * Not a live region: a screen reader would read every second; the payer reads it when they look.
 */
export function TimeLeft({ ms }: { ms: number }) {
  return <time dateTime={isoDuration(ms)}>{formatTimeLeft(ms)}</time>;
}
