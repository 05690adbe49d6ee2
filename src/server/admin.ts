// Operator command: `npm run admin -- <command>`. Opens the same database as `npm start`
// (DATABASE_URL, else DATA_DIR); with PGlite, stop the server first (one process per directory).
import { openDb } from "./db/client";
import { origins, parseEnv } from "./env";
import { ApiError } from "./http/errors";
import { AdminError, listUsers, setNonCustodial, setPermission } from "./modules/merchants";
import { grantProductionAccess } from "./modules/production-access";
import { PERMISSIONS } from "@/lib/permissions";

const USAGE = `Usage: npm run admin -- <command>
  list                                   list merchants with their permissions
  grant  <id|publicKey|email> <permission>   e.g. grant 9xQe…VFin admin_stats
  revoke <id|publicKey|email> <permission>
  custody <id|publicKey|email> non-custodial|custodial   EVM payments to a route contract the merchant's wallet controls, or not
  grant-production <id>                  grant a production-access request (as the admin page's Grant: the merchant is e-mailed the next steps)
Permissions: ${PERMISSIONS.join(", ")}`;

async function main(args: string[]): Promise<number> {
  const [command, who, permission] = args;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 64;
  }
  const env = parseEnv();
  const database = await openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  try {
    if (command === "list") {
      console.table(await listUsers(database.db));
      return 0;
    }
    if ((command === "grant" || command === "revoke") && who && permission) {
      const after = await setPermission(database.db, who, permission, command === "grant");
      console.log(`${command === "grant" ? "Granted" : "Revoked"} ${permission}. Permissions now: ${after.join(", ") || "(none)"}`);
      return 0;
    }
    if (command === "custody" && who && (permission === "non-custodial" || permission === "custodial")) {
      await setNonCustodial(database.db, who, permission === "non-custodial");
      console.log(`The merchant is now ${permission}.`);
      return 0;
    }
    if (command === "grant-production" && who) {
      const { mailed, alreadyGranted } = await grantProductionAccess(database.db, who, { appOrigin: origins(env).app, operatorEmail: env.OPERATOR_EMAIL });
      console.log(alreadyGranted ? "Already granted: nothing sent." : `Granted. ${mailed ? "The merchant is e-mailed the next steps." : "The merchant has no e-mail address: tell them yourself."}`);
      return 0;
    }
    console.error(USAGE);
    return 64;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      console.error(`No production-access request from merchant "${who}"`);
      return 1;
    }
    if (err instanceof AdminError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

process.exit(await main(process.argv.slice(2)));
