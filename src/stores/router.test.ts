import { afterEach, describe, expect, it } from "vitest";
import { $router, addressOf } from "./router";

// In Node the router has no history: `open` only reads the address into the store.
const at = (href: string) => {
  $router.open(href);
  return $router.get();
};

afterEach(() => void $router.open("/"));

describe("$router: the islands' addresses", () => {
  it.each([
    ["/transactions", "orders", {}],
    ["/transactions/", "orders", {}],
    ["/transactions/next/1732406400000000/0b7e7a52-5a1e-4c2b-9a57-6f3c3a1d2e4f", "ordersPage", { direction: "next", iid: "1732406400000000", tid: "0b7e7a52-5a1e-4c2b-9a57-6f3c3a1d2e4f" }],
    ["/transactions/prev/17/m%2F1", "ordersPage", { direction: "prev", iid: "17", tid: "m/1" }],
    ["/zapi", "zapi", {}],
    ["/zapi/next/5/t1", "zapiPage", { direction: "next", iid: "5", tid: "t1" }],
    ["/settings", "settings", {}],
    ["/settings/security", "settingsTab", { tab: "security" }],
    ["/profile", "profile", {}],
  ])("%s is %s", (href, route, params) => {
    expect(at(href)).toMatchObject({ route, params });
  });

  it.each(["/", "/dashboard", "/transactions/next/1", "/transactions/next/1/2/3", "/settings/a/b"])("%s is none of them", (href) => {
    expect(at(href)).toBeUndefined();
  });

  it("gives the island its path and query as the page would read them", () => {
    expect(addressOf(at("/transactions/next/17/t1/?filterText=a%20b&txStatus=paid,failed&timeStart=01/11/2026"))).toEqual({
      path: "/transactions/next/17/t1",
      search: "?filterText=a+b&txStatus=paid%2Cfailed&timeStart=01%2F11%2F2026",
    });
    expect(addressOf(at("/transactions"))).toEqual({ path: "/transactions", search: "" });
    expect(addressOf(at("/elsewhere?x=1"))).toBeNull();
  });

  it("reads the filters back exactly from that query", () => {
    const address = addressOf(at("/transactions?filterText=%C3%A9t%C3%A9+%26+co&txStatus=paid%2Cfailed"))!;
    const params = new URLSearchParams(address.search);
    expect([params.get("filterText"), params.get("txStatus")]).toEqual(["été & co", "paid,failed"]);
  });
});
