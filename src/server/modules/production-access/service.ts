import { desc, eq, isNull, and } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productionRequests, users } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { enqueueEmail } from "../../jobs/mail/enqueue";
import { isUuid } from "@/lib/uuid";

/** Where the mails about production access point and go. */
export interface ProductionAccessMail {
  /** The app origin: the merchant signs in there, the operator grants on its admin page. */
  appOrigin: string;
  /** OPERATOR_EMAIL: told of each new request; unset, the admin page alone lists them. */
  operatorEmail?: string;
}

/** The admin page that lists the requests (the Grant button lives there). */
export const ADMIN_PAGE_PATH = "/admin-stats";

/**
 * Records that a merchant asked for production access. Asking again keeps the first request
 * (operators see when the merchant first asked); the answer is the same either way. A first
 * request is e-mailed to the operator, in the same transaction (both or neither).
 */
export async function requestProductionAccess(db: Db, userId: string, mail: ProductionAccessMail): Promise<{ requestedAt: Date }> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(productionRequests).values({ userId }).onConflictDoNothing().returning();
    if (!created) {
      const [existing] = await tx.select().from(productionRequests).where(eq(productionRequests.userId, userId));
      return { requestedAt: existing.requestedAt };
    }
    if (mail.operatorEmail) {
      const [merchant] = await tx.select({ publicKey: users.publicKey, email: users.email }).from(users).where(eq(users.id, userId));
      await enqueueEmail(tx, {
        // Not the merchant's mail: it is neither counted in their caps nor theirs to see.
        userId: null,
        to: mail.operatorEmail,
        template: "production-access-requested",
        language: "en",
        data: {
          merchantId: userId,
          merchantWallet: merchant.publicKey,
          merchantEmail: merchant.email,
          requestedAt: created.requestedAt.toISOString(),
          adminUrl: new URL(ADMIN_PAGE_PATH, mail.appOrigin).href,
        },
      });
    }
    return { requestedAt: created.requestedAt };
  });
}

export interface ProductionRequestView {
  userId: string;
  publicKey: string;
  email: string | null;
  requestedAt: Date;
  grantedAt: Date | null;
}

const view = {
  userId: productionRequests.userId,
  publicKey: users.publicKey,
  email: users.email,
  requestedAt: productionRequests.requestedAt,
  grantedAt: productionRequests.grantedAt,
};

/** Every request, pending and granted, newest first: what the admin page lists. */
export async function listProductionRequests(db: Db): Promise<ProductionRequestView[]> {
  return db
    .select(view)
    .from(productionRequests)
    .innerJoin(users, eq(users.id, productionRequests.userId))
    .orderBy(desc(productionRequests.requestedAt), desc(productionRequests.userId));
}

/**
 * Grants a merchant's request: marks it granted and e-mails the merchant the next steps (the
 * "e-mail for next steps" the top bar promised), both in one transaction. Granting twice changes
 * nothing and sends nothing the second time. A merchant without an e-mail address cannot be
 * told: `mailed` says so, and the operator reaches them another way.
 * @throws {ApiError} 404 when `userId` has no request.
 */
export async function grantProductionAccess(
  db: Db,
  userId: string,
  mail: ProductionAccessMail,
): Promise<{ request: ProductionRequestView; mailed: boolean; alreadyGranted: boolean }> {
  if (!isUuid(userId)) throw new ApiError(404, "not_found", "Production access request not found");
  return db.transaction(async (tx) => {
    const [granted] = await tx
      .update(productionRequests)
      .set({ grantedAt: new Date() })
      .where(and(eq(productionRequests.userId, userId), isNull(productionRequests.grantedAt)))
      .returning({ userId: productionRequests.userId });
    const [request] = await tx.select(view).from(productionRequests).innerJoin(users, eq(users.id, productionRequests.userId)).where(eq(productionRequests.userId, userId));
    if (!request) throw new ApiError(404, "not_found", "Production access request not found");
    if (!granted) return { request, mailed: false, alreadyGranted: true };
    const [merchant] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
    if (!merchant.email) return { request, mailed: false, alreadyGranted: false };
    await enqueueEmail(tx, {
      userId,
      to: merchant.email,
      template: "production-access-granted",
      language: merchant.language,
      data: { appUrl: new URL("/", mail.appOrigin).href },
    });
    return { request, mailed: true, alreadyGranted: false };
  });
}
