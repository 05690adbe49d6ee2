import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "./config";
import { bundledResources } from "./bundled";

const root = join(__dirname, "../../public/assets/translations");
const read = (lng: string, ns: string): unknown => JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8"));

/** Every leaf as `path → text`. */
function leaves(value: unknown, prefix = ""): Map<string, unknown> {
  if (typeof value !== "object" || value === null) return new Map([[prefix, value]]);
  return new Map(Object.entries(value).flatMap(([k, v]) => [...leaves(v, prefix ? `${prefix}.${k}` : k)]));
}
const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();

describe("translations", () => {
  it("ship every namespace file in every language, and register every file as a namespace", () => {
    for (const lng of LANGUAGES) {
      const files = readdirSync(join(root, lng)).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, ""));
      expect(files.sort(), lng).toEqual([...NAMESPACES].sort());
      for (const ns of NAMESPACES) expect(bundledResources[lng]?.[ns], `${lng}/${ns} bundled`).toEqual(read(lng, ns));
    }
  });

  it.each(NAMESPACES)("%s: every English key has a French text with the same placeholders, and no key is French only", (ns) => {
    const en = leaves(read("en", ns));
    const fr = leaves(read("fr", ns));
    const missing = [...en.keys()].filter((k) => typeof fr.get(k) !== "string" || !(fr.get(k) as string).trim());
    expect(missing, `French keys missing in ${ns}`).toEqual([]);
    expect([...fr.keys()].filter((k) => !en.has(k)), `French keys without English in ${ns}`).toEqual([]);
    for (const [k, text] of en) expect(placeholders(fr.get(k)), `${ns}:${k}`).toEqual(placeholders(text));
  });
});
