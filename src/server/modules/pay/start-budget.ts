/**
 * The pay-start budget, as pure rules (start-caps.ts reads the counts and applies the answer).
 *
 * Every started payment costs the instance a row and some watching until it is paid or expires,
 * and starting one needs no account. So unpaid, unexpired starts are capped per client address
 * block (IPv4 /24, IPv6 /64), per link and for the instance — but a full link or instance must not
 * lock real payers out: whoever fills it is, by construction, the block holding the most slots.
 *
 * The rule:
 * 1. A block at its own cap (`perPrefix`) is refused (429): it waits for its starts to be paid or
 *    to expire. A block cannot fill a link or the instance alone.
 * 2. Below a full link or instance, a start just starts.
 * 3. When the link is full (or else the instance), the newcomer may take a slot from the block
 *    holding the most there — its oldest unpaid start gives way (expires now) — only if the
 *    newcomer's block, once started, still holds strictly fewer there than that block held
 *    (`mayDisplace`). Holdings therefore even out: a fresh block always gets in while any block
 *    holds two or more slots, and an attacker cannot take back a slot it lost without holding
 *    less than the heaviest block, so it cannot push real payers out by taking turns.
 * 4. Otherwise (every block there holds about the same) the start is refused: 409 `link_busy` or
 *    429 `payments_busy`.
 * A start that gives way is not lost money: a transfer that still pays it is credited (late).
 */

export interface PendingCounts {
  /** Unpaid, unexpired starts of the caller's address block, instance-wide. */
  prefix: number;
  /** Unpaid, unexpired starts of the link. */
  link: number;
  /** Unpaid, unexpired starts of the instance. */
  total: number;
}

export interface BudgetLimits {
  perPrefix: number;
  perLink: number;
  total: number;
}

export type BudgetStep =
  | { kind: "start" }
  | { kind: "refuse-prefix" }
  /** The scope is full: the newcomer starts only by making room (`mayDisplace`), the link before the instance. */
  | { kind: "full"; scope: "link" | "instance" };

/** What a start may do given the counts (rules 1, 2 and which scope rule 3 applies to). */
export function budgetStep(counts: PendingCounts, limits: BudgetLimits): BudgetStep {
  if (counts.prefix >= limits.perPrefix) return { kind: "refuse-prefix" };
  if (counts.link >= limits.perLink) return { kind: "full", scope: "link" };
  if (counts.total >= limits.total) return { kind: "full", scope: "instance" };
  return { kind: "start" };
}

/**
 * Rule 3: in a full scope, whether a block holding `newcomer` slots there may take one from the
 * block holding the most (`heaviest`): only while it then still holds fewer.
 */
export function mayDisplace(newcomer: number, heaviest: number): boolean {
  return newcomer + 1 < heaviest;
}
