import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { budgetStep, mayDisplace, type BudgetLimits } from "./start-budget";

const limits: BudgetLimits = { perPrefix: 20, perLink: 500, total: 20_000 };

describe("pay-start budget rule", () => {
  it.each([
    [{ prefix: 0, link: 0, total: 0 }, { kind: "start" }],
    [{ prefix: 19, link: 499, total: 19_999 }, { kind: "start" }],
    [{ prefix: 20, link: 0, total: 0 }, { kind: "refuse-prefix" }],
    [{ prefix: 20, link: 500, total: 20_000 }, { kind: "refuse-prefix" }],
    [{ prefix: 0, link: 500, total: 0 }, { kind: "full", scope: "link" }],
    [{ prefix: 0, link: 500, total: 20_000 }, { kind: "full", scope: "link" }],
    [{ prefix: 3, link: 10, total: 20_000 }, { kind: "full", scope: "instance" }],
  ])("counts %o → %o", (counts, step) => {
    expect(budgetStep(counts, limits)).toEqual(step);
  });

  it.each([
    [0, 20, true],
    [0, 2, true],
    [0, 1, false], // every block holds one slot: nobody is heavier, the start is refused
    [18, 20, true],
    [19, 20, false], // taking it would make the newcomer as heavy as the block it took from
    [20, 20, false],
  ])("a block holding %i may take from one holding %i: %s", (newcomer, heaviest, allowed) => {
    expect(mayDisplace(newcomer, heaviest)).toBe(allowed);
  });

  /** One full scope (a link of `cap` slots) under the rule: who holds what after each start attempt. */
  function simulate(cap: number, perPrefix: number, attempts: readonly number[]) {
    const held = new Map<number, number>();
    const heaviest = () => [...held.entries()].reduce<[number, number]>((best, e) => (e[1] > best[1] ? e : best), [-1, 0]);
    const start = (block: number): "started" | "displaced" | "refused" => {
      const mine = held.get(block) ?? 0;
      const used = [...held.values()].reduce((a, b) => a + b, 0);
      const step = budgetStep({ prefix: mine, link: used, total: 0 }, { perPrefix, perLink: cap, total: Number.MAX_SAFE_INTEGER });
      if (step.kind === "refuse-prefix") return "refused";
      if (step.kind === "full") {
        const [victim, most] = heaviest();
        if (!mayDisplace(mine, most)) return "refused";
        held.set(victim, most - 1);
      }
      held.set(block, mine + 1);
      return step.kind === "full" ? "displaced" : "started";
    };
    for (const block of attempts) start(block);
    return { held, start, used: () => [...held.values()].reduce((a, b) => a + b, 0) };
  }

  it("whatever attackers do, the slots stay capped and a fresh block still starts while any block holds two or more", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 1, max: 25 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 400 }),
        (cap, perPrefix, attempts) => {
          const s = simulate(cap, perPrefix, attempts);
          expect(s.used()).toBeLessThanOrEqual(cap);
          for (const n of s.held.values()) expect(n).toBeLessThanOrEqual(perPrefix);
          const most = Math.max(0, ...s.held.values());
          const outcome = s.start(1_000); // a payer from a block never seen
          if (s.used() <= cap && most >= 2) expect(outcome).not.toBe("refused");
          expect(s.used()).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });

  it("a payer holding one slot is never the one who gives way while an attacker holds more", () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 60 }), fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 400 }), (cap, attempts) => {
        const s = simulate(cap, 25, [1_000]); // the real payer starts first
        for (const block of attempts) {
          s.start(block);
          const attackerMost = Math.max(0, ...[...s.held.entries()].filter(([b]) => b !== 1_000).map(([, n]) => n));
          if (attackerMost > 1) expect(s.held.get(1_000)).toBe(1);
        }
      }),
    );
  });

  it("25 blocks × 20 starts fill a 500-slot link, and the next payer from a fresh block still starts", () => {
    const attempts = Array.from({ length: 25 * 20 }, (_, i) => i % 25);
    const s = simulate(500, 20, attempts);
    expect(s.used()).toBe(500);
    expect(s.start(1_000)).toBe("displaced");
    expect(s.start(7)).toBe("refused"); // the attacker cannot take its slot back
  });
});
