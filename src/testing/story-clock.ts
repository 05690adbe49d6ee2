/**
 * Stories only: sets the page's clock to `iso` for one story (use in `beforeEach`, return its
 * result). For islands that read today themselves (default date ranges, "today" in a filter),
 * so their pictures do not change with the day the tests run. The clock keeps ticking from
 * there; dates built from explicit values are untouched.
 */
export function setStoryClock(iso: string): () => void {
  const RealDate = globalThis.Date;
  const offset = RealDate.parse(iso) - RealDate.now();
  class StoryDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as ConstructorParameters<typeof RealDate>));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = StoryDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}
