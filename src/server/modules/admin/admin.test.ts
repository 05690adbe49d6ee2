import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openDb } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { newSolanaKey } from "../../testing/solana-keys";
import { parseEnv } from "../../env";
import { issueNonce } from "../auth/nonces";
import { signIn } from "../auth/service";
import { signinSite } from "../auth/site";
import { buildSigninMessage, signinFields } from "@/lib/signin-message";
import { DEFAULT_PERMISSIONS } from "@/lib/permissions";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { AdminError, listUsers, setNonCustodial, setPermission } from "../merchants";

async function newMerchant(database: Database) {
  const key = newSolanaKey();
  const site = signinSite(parseEnv({}));
  const message = buildSigninMessage(signinFields(await issueNonce(database.db, key.address, site), key.address));
  const { user } = await signIn(database.db, { publicKey: key.address, message, signature: key.sign(message) }, site);
  return user;
}

describe.each(TEST_BACKENDS)("permissions administration on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb(kind);
  });
  afterAll(() => database.close());

  it("grants and revokes a permission for one merchant only", async () => {
    const a = await newMerchant(database);
    const b = await newMerchant(database);
    expect(await setPermission(database.db, a.publicKey, "admin_stats", true)).toContain("admin_stats");
    expect(await setPermission(database.db, a.id, "admin_stats", true)).toEqual([...DEFAULT_PERMISSIONS, "admin_stats"].sort());
    const listed = await listUsers(database.db);
    expect(listed.find((u) => u.id === b.id)?.permissions).not.toContain("admin_stats");
    expect(await setPermission(database.db, a.publicKey, "admin_stats", false)).not.toContain("admin_stats");
  });

  it("makes one merchant non-custodial and custodial again, keeping its other settings", async () => {
    const a = await newMerchant(database);
    const b = await newMerchant(database);
    const settingsOf = async (id: string) => (await database.db.select({ s: users.settings }).from(users).where(eq(users.id, id)))[0]!.s;
    expect(await setNonCustodial(database.db, a.publicKey, true)).toBe(true);
    expect(await settingsOf(a.id)).toMatchObject({ isNonCustodial: true, permissions: DEFAULT_PERMISSIONS });
    expect((await settingsOf(b.id)).isNonCustodial).toBe(false);
    expect(await setNonCustodial(database.db, a.id, false)).toBe(false);
    expect((await settingsOf(a.id)).isNonCustodial).toBe(false);
    await expect(setNonCustodial(database.db, "nobody", true)).rejects.toThrow(AdminError);
  });

  it("refuses unknown permissions and unknown merchants", async () => {
    const a = await newMerchant(database);
    await expect(setPermission(database.db, a.publicKey, "superuser", true)).rejects.toThrow(AdminError);
    await expect(setPermission(database.db, "nobody", "admin_stats", true)).rejects.toThrow(/No merchant/);
  });
});

describe("npm run admin", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-admin-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "src/server/admin.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });

  it("grants a permission on the embedded database and lists it", async () => {
    const database = await openDb({ dataDir });
    const merchant = await newMerchant(database);
    await database.close();
    const granted = await run("grant", merchant.publicKey, "admin_stats");
    expect(granted.stdout).toContain("Granted admin_stats");
    const listed = await run("list");
    expect(listed.stdout).toContain(merchant.publicKey);
    expect(listed.stdout).toContain("admin_stats");
    await expect(run("grant", merchant.publicKey, "root")).rejects.toMatchObject({ stderr: expect.stringContaining("Unknown permission") });
  });
});
