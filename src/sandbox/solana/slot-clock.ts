/**
 * The slot clock: advances the network one slot every `slotMs`. A manual clock (tests that
 * need to observe each commitment step) never starts the timer and is driven by tick().
 */
export class SlotClock {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly slotMs: number,
    private readonly onTick: () => void,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(this.onTick, this.slotMs);
    // The servers keep the process alive while they listen; the clock alone should not.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }
}
