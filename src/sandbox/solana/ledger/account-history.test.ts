import { describe, expect, it } from "vitest";
import type { AccountState } from "../bank/account";
import { AccountHistory } from "./account-history";

const state = (lamports: number): AccountState => ({ lamports: BigInt(lamports), owner: "11111111111111111111111111111111", executable: false, data: new Uint8Array() });

describe("AccountHistory (commitment reads over litesvm's newest state)", () => {
  it("returns the state an account had at a slot", () => {
    const history = new AccountHistory();
    let current: AccountState | null = state(10);
    history.remember(5, "A", null); // created in slot 5
    history.remember(7, "A", state(10)); // written in slot 7
    history.remember(7, "A", state(20)); // and again in slot 7
    current = state(30);
    const at = (slot: number) => history.at("A", slot, () => current)?.lamports ?? null;
    expect(at(4)).toBeNull();
    expect(at(5)).toBe(10n);
    expect(at(6)).toBe(10n);
    expect(at(7)).toBe(30n);
    expect(at(100)).toBe(30n);
    expect([...history.writtenIn(7)]).toEqual(["A"]);
  });

  it("prunes writes at or below the finalized slot", () => {
    const history = new AccountHistory();
    history.remember(5, "A", null);
    history.remember(9, "A", state(1));
    history.prune(5);
    expect(history.writtenIn(5).size).toBe(0);
    expect(history.at("A", 6, () => state(2))?.lamports).toBe(1n);
    history.prune(9);
    expect(history.at("A", 6, () => state(2))?.lamports).toBe(2n);
  });
});
