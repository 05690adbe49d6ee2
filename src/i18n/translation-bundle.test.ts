import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "./config";
import { translationBundle } from "@/pages/assets/translations/[lng].json";

describe("the one-file translation bundle of a language", () => {
  it("holds every namespace exactly as its own file", () => {
    for (const lng of LANGUAGES) {
      const bundle = translationBundle(lng);
      expect(Object.keys(bundle)).toEqual([...NAMESPACES]);
      for (const ns of NAMESPACES) expect(bundle[ns]).toEqual(JSON.parse(readFileSync(`public/assets/translations/${lng}/${ns}.json`, "utf8")));
    }
  });

  it("refuses a language it has no files for", () => {
    expect(() => translationBundle("de")).toThrow(/de\/common\.json is missing/);
  });
});
