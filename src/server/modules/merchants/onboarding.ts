import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/** SPEC §4: the first successful save of any product (a zLink, a bill, a cart…) marks the merchant onboarded. */
export async function markOnboarded(tx: Pick<Db, "update">, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ settings: sql`jsonb_set(${users.settings}, '{isOnboarded}', 'true'::jsonb)` })
    .where(and(eq(users.id, userId), sql`coalesce((${users.settings}->>'isOnboarded')::boolean, false) = false`));
}
