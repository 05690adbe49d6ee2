import { describe, expect, it } from "vitest";
import { staticText } from "./static-text";

describe("staticText (the static shells' strings)", () => {
  it("reads a nested key in every shipped language", () => {
    expect(staticText("common", "signin.title")).toEqual({ en: "Sign in", fr: "Connexion" });
    expect(staticText("zlink", "title")).toEqual({ en: "zLink", fr: "zLink" });
  });

  it("fails the build on a key English lacks, rather than painting a blank", () => {
    expect(() => staticText("common", "dashboard.noSuchKey")).toThrow(/common:dashboard\.noSuchKey/);
  });
});
