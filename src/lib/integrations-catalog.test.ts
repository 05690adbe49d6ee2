import { describe, expect, it } from "vitest";
import { INTEGRATION_GROUPS, guideSnippets } from "./integrations-catalog";

describe("integrations catalog", () => {
  it("has five e-commerce tiles (all coming: no plugin is published), four server languages (Node.js) and four SDKs (Web and React)", () => {
    const group = (id: string) => INTEGRATION_GROUPS.find((g) => g.id === id)!.tiles;
    const available = (id: string) => group(id).filter((t) => t.opens).map((t) => t.name);
    expect(INTEGRATION_GROUPS.map((g) => [g.id, g.tiles.length])).toEqual([["ecommerce", 5], ["server", 4], ["sdk", 4]]);
    expect(available("ecommerce")).toEqual([]);
    expect(available("server")).toEqual(["Node.js"]);
    expect(group("sdk").map((t) => t.name)).toEqual(["Web", "Android", "iOS", "React"]);
    expect(available("sdk")).toEqual(["Web", "React"]);
  });

  it("guides name the packages of this repository and this zpay's own address", () => {
    const origin = "https://zpay.example.com";
    const all = (g: "node" | "web" | "react") => guideSnippets(g, origin).map((s) => s.code).join("\n");
    expect(all("node")).toContain("npm install @zpay/node");
    expect(all("node")).toContain(`baseUrl: "${origin}"`);
    expect(all("node")).toContain("verifyWebhook(");
    expect(all("web")).toContain(`<script src="${origin}/sdk/zpay.js" async></script>`);
    expect(all("react")).toContain("npm install @zpay/react");
    for (const g of ["node", "web", "react"] as const) expect(guideSnippets(g, origin).map((s) => s.step).slice(0, 3)).toEqual(["install", "configure", "firstPayment"]);
  });
});
