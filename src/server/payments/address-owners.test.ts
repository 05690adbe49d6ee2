import { describe, expect, it } from "vitest";
import { ownerOf, retiredRouteClaim, walletClaim, type AddressClaim } from "./address-owners";

const t = (minute: number) => new Date(Date.UTC(2026, 10, 28, 5, minute));
const typed = (userId: string, minute = 0) => walletClaim({ userId, provenAt: null, createdAt: t(minute) });
const signed = (userId: string, minute = 0) => walletClaim({ userId, provenAt: t(minute), createdAt: t(0) });
const named = (userId: string): AddressClaim => ({ userId, held: false, proven: false, since: t(0) });

/** The ownership rule of a receiving address, case by case. */
describe("who owns a receiving address", () => {
  it.each<[string, AddressClaim[], string | undefined]>([
    ["its only holder, proved or not", [typed("a")], "a"],
    ["nobody when two hold it and neither proved it", [typed("a"), typed("b")], undefined],
    ["the one who proved it, over one who typed it in (whoever came first)", [typed("b"), signed("a", 9)], "a"],
    ["the first to prove it when both did", [signed("b", 9), signed("a", 3)], "a"],
    ["a route's merchant (proven by construction) over one who typed the route in", [typed("b"), walletClaim({ userId: "a", provenAt: null, createdAt: t(1) }, true)], "a"],
    ["a retired route's merchant over one who typed it in", [typed("b"), retiredRouteClaim({ userId: "a", since: t(1) })], "a"],
    ["a holder over merchants whose payments only named it", [named("b"), named("c"), typed("a")], "a"],
    ["the one merchant whose payments named an address nobody holds", [named("a"), named("a")], "a"],
    ["nobody when several merchants' payments named it and nobody holds it", [named("a"), named("b")], undefined],
    ["nobody when no one claims it", [], undefined],
  ])("%s", (_label, claims, owner) => {
    expect(ownerOf(claims)?.userId).toBe(owner);
  });

  it("the owner's claim says since when it receives there (a first scan skips what came before)", () => {
    expect(ownerOf([typed("a", 7)])?.since).toEqual(t(7));
  });
});
