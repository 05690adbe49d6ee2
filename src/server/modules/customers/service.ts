import { and, desc, eq, sql } from "drizzle-orm";
import { ValidationError } from "yup";
import type { CustomerDto, CustomerInput } from "@/lib/invoice";
import { INVOICE_NOTICES, customerSchema } from "@/lib/invoice-form";
import { isUuid } from "@/lib/uuid";
import type { Db } from "../../db/client";
import { customers, type CustomerRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { isUniqueViolation } from "../../db/unique-violation";

/** A payee as stored: trimmed text, empty optional fields as null, two address lines. */
export interface CustomerFields {
  name: string;
  email: string;
  address: string[];
  organisation: string | null;
  pin: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
}

/**
 * Checks a payee body with the form's own schema (SPEC §5) and normalises it.
 * @throws {ApiError} 400 with one issue per field.
 */
export async function validateCustomerBody(body: Partial<CustomerInput>): Promise<CustomerFields> {
  let values;
  try {
    values = await customerSchema().validate(
      { ...body, address: body.address ?? ["", ""] },
      { abortEarly: false, stripUnknown: true },
    );
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
    throw new ApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
  }
  const orNull = (v: string | undefined) => v?.trim() || null;
  const address = (values.address ?? []).map((line) => line ?? "");
  while (address.length < 2) address.push("");
  return {
    name: values.name,
    email: values.email,
    address,
    organisation: orNull(values.organisation),
    pin: orNull(values.pin),
    city: orNull(values.city),
    state: orNull(values.state),
    country: orNull(values.country),
  };
}

export function toCustomerDto(row: CustomerRow): CustomerDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    address: row.address,
    ...(row.organisation ? { organisation: row.organisation } : {}),
    ...(row.pin ? { pin: row.pin } : {}),
    ...(row.city ? { city: row.city } : {}),
    ...(row.state ? { state: row.state } : {}),
    ...(row.country ? { country: row.country } : {}),
    merchant: row.userId,
  };
}

export async function listCustomers(db: Db, userId: string): Promise<CustomerRow[]> {
  return db.select().from(customers).where(eq(customers.userId, userId)).orderBy(desc(customers.createdAt), desc(customers.id));
}

/**
 * One of the merchant's payees; another merchant's, or an id that is not one, answers the same 404.
 * @throws {ApiError} 404.
 */
export async function findOwnCustomer(db: Pick<Db, "select">, userId: string, id: string): Promise<CustomerRow> {
  const [row] = isUuid(id) ? await db.select().from(customers).where(and(eq(customers.id, id), eq(customers.userId, userId))) : [];
  if (!row) throw new ApiError(404, "not_found", "Customer not found");
  return row;
}

const exists = () => new ApiError(400, "customer_exists", INVOICE_NOTICES.customerExists, [{ path: "email", message: INVOICE_NOTICES.customerExists }]);

/** SPEC §8: a second payee with the same e-mail (any case) is a Bad Request. */
async function assertEmailFree(db: Db, userId: string, email: string, exceptId?: string): Promise<void> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.userId, userId), sql`lower(${customers.email}) = lower(${email})`));
  if (row && row.id !== exceptId) throw exists();
}

/** @throws {ApiError} 400 `customer_exists` (also when two saves race: the unique index decides). */
export async function createCustomer(db: Db, userId: string, fields: CustomerFields): Promise<CustomerRow> {
  await assertEmailFree(db, userId, fields.email);
  try {
    const [row] = await db.insert(customers).values({ ...fields, userId }).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** Saves new fields; invoices already saved keep the payee as billed (frozen in `bill_to`). */
export async function updateCustomer(db: Db, row: CustomerRow, fields: CustomerFields, now = new Date()): Promise<CustomerRow> {
  await assertEmailFree(db, row.userId, fields.email, row.id);
  try {
    const [updated] = await db
      .update(customers)
      .set({ ...fields, updatedAt: now })
      .where(and(eq(customers.id, row.id), eq(customers.userId, row.userId)))
      .returning();
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** Deletes a payee; invoices billed to them keep their frozen `bill_to` (their `client` becomes null). */
export async function deleteCustomer(db: Db, row: CustomerRow): Promise<void> {
  await db.delete(customers).where(and(eq(customers.id, row.id), eq(customers.userId, row.userId)));
}
