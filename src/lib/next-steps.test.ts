import { describe, expect, it } from "vitest";
import { NEXT_STEPS, nextStepsDone, stepDone } from "./next-steps";

describe("the dashboard's next steps", () => {
  it("start with attaching a receiving wallet, its dialog one click away, then the business name, then SPEC's three", () => {
    expect(NEXT_STEPS.map((s) => s.key)).toEqual(["wallet", "name", "create", "share", "paid"]);
    expect(NEXT_STEPS[0].href).toBe("/settings/deposits?open-wallet=true");
    expect(NEXT_STEPS[1].href).toBe("/profile");
    expect(NEXT_STEPS[2].href).toBe("/quick-pays?open-create=true");
    expect(NEXT_STEPS[3].href).toBe("/quick-pays?open-share=true");
  });

  it("mark the wallet step done once a wallet is attached, the name once set, the last once paid; unknown is not done", () => {
    expect(stepDone("wallet", {})).toBe(false);
    expect(stepDone("wallet", { hasWallet: true })).toBe(true);
    expect(stepDone("name", { hasWallet: true })).toBe(false);
    expect(stepDone("name", { hasName: false })).toBe(false);
    expect(stepDone("name", { hasName: true })).toBe(true);
    expect(stepDone("paid", { hasWallet: true })).toBe(false);
    expect(stepDone("paid", { paid: true })).toBe(true);
    expect(stepDone("create", { hasWallet: true, hasName: true, paid: true })).toBe(false);
  });

  it("go away only once a wallet is attached, a business name set and a payment came in", () => {
    expect(nextStepsDone({})).toBe(false);
    expect(nextStepsDone({ hasWallet: true })).toBe(false);
    expect(nextStepsDone({ paid: true })).toBe(false);
    expect(nextStepsDone({ hasWallet: true, paid: true })).toBe(false);
    expect(nextStepsDone({ hasWallet: true, hasName: true, paid: true })).toBe(true);
  });
});
