import type { APIRoute, GetStaticPaths } from "astro";
import { LANGUAGES, NAMESPACES } from "@/i18n/config";

/**
 * `/assets/translations/{lng}.json`: every namespace of a language in one file, built beside the
 * per-namespace files, so a page asks for its translations in one request instead of 22 (the
 * browser's i18n setup, src/i18n/i18n.ts, and the merchant shell's early requests read it).
 */
export const getStaticPaths = (() => LANGUAGES.map((lng) => ({ params: { lng } }))) satisfies GetStaticPaths;

const files = import.meta.glob<Record<string, unknown>>("../../../../public/assets/translations/*/*.json", { eager: true, import: "default" });

/** `{ namespace: translations }` for one language, from the files under public/assets/translations. */
export function translationBundle(lng: string): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    NAMESPACES.map((ns) => {
      const file = files[`../../../../public/assets/translations/${lng}/${ns}.json`];
      if (!file) throw new Error(`translations: ${lng}/${ns}.json is missing`);
      return [ns, file];
    }),
  );
}

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(translationBundle(String(params.lng))), { headers: { "content-type": "application/json" } });
