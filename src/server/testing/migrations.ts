import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR } from "../db/client";

/** The newest migration shipped in the repository, read straight from drizzle-kit's journal. */
export function newestMigrationTag(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)!.tag;
}
