import { bundledResources } from "@/i18n/bundled";
import { LANGUAGES, type Language } from "@/i18n/config";

/** A UI string in every shipped language, read at build time for the static page shells. */
export type StaticText = Record<Language, string>;

function lookup(lng: Language, ns: string, key: string): string | undefined {
  let node: unknown = bundledResources[lng]?.[ns];
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}

/**
 * `ns:key` in English and French (English where a translation is missing). Build-time only: the
 * shells are painted before i18next loads, so they carry both languages and CSS shows the
 * reader's (see AppLayout.astro).
 */
export function staticText(ns: string, key: string): StaticText {
  const en = lookup("en", ns, key);
  if (en === undefined) throw new Error(`static shell text ${ns}:${key} is missing in English`);
  return Object.fromEntries(LANGUAGES.map((lng) => [lng, lookup(lng, ns, key) ?? en])) as StaticText;
}
