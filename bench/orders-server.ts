import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { parseEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { createApp } from "../src/server/app";
import { NO_CHAINS } from "../src/server/chains/runtime";
import { openDb } from "../src/server/db/client";

/**
 * The server the Orders bench measures, in a process of its own so its RSS is the server's alone
 * (the bench's seeding and its own bookkeeping stay in the parent): the app on the database in
 * DATABASE_URL, no chains, on a free loopback port, which it prints as `{"port":N}` on stdout.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const database = await openDb({ databaseUrl });
const env = parseEnv({ LOG_LEVEL: "warn", SIGNIN_RATE_LIMIT: "1000", DATABASE_URL: databaseUrl });
const app = createApp({ env, database, log: createLogger("warn"), chains: NO_CHAINS, startedAt: new Date() });
serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => console.log(JSON.stringify({ port: info.port })));
process.once("SIGTERM", () => void database.close().finally(() => process.exit(0)));
