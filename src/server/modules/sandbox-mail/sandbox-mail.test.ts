import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { sandboxMails } from "../../db/schema";
import { createApp } from "../../app";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import type { SandboxMailPage } from "@/lib/sandbox-mail";

const PRODUCTION = {
  ZPAY_MODE: "production",
  DATABASE_URL: "postgres://unused",
  SOLANA_RPC_URL: "https://rpc.example.com",
  EVM_RPC_URLS: "1=https://eth.example.com",
};

describe.each(TEST_BACKENDS)("sandbox mailbox on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let production: ReturnType<typeof createApp>;
  const ids: string[] = [];
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database));
    production = createApp(testDeps(database, PRODUCTION));
    for (let i = 0; i < 25; i++) {
      const [row] = await database.db
        .insert(sandboxMails)
        .values({
          from: "zPay <no-reply@localhost>",
          to: [i % 5 === 0 ? "Ada@Example.com" : `p${i}@example.com`],
          subject: `Mail ${i}`,
          text: `Text ${i}`,
          html: i === 24 ? `<p onclick="x()">Hi "there" & <b>bye</b></p><script>alert(1)</script>` : null,
          receivedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })
        .returning();
      ids.push(row.id);
    }
  });
  afterAll(() => database.close());

  const list = async (query = "") => {
    const res = await app.request(`/api/sandbox/mails${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as SandboxMailPage;
  };

  it("lists what was sent, newest first, paged, with every part; no sign-in", async () => {
    const first = await list();
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 25 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toEqual({
      id: ids[24],
      from: "zPay <no-reply@localhost>",
      to: ["p24@example.com"],
      subject: "Mail 24",
      text: "Text 24",
      html: `<p onclick="x()">Hi "there" & <b>bye</b></p><script>alert(1)</script>`,
      receivedAt: "2026-01-01T00:24:00.000Z",
    });
    expect(first.data.map((m) => m.subject).slice(0, 3)).toEqual(["Mail 24", "Mail 23", "Mail 22"]);
    const second = await list("?page=2");
    expect(second.data.map((m) => m.subject)).toEqual(["Mail 4", "Mail 3", "Mail 2", "Mail 1", "Mail 0"]);
    expect((await list("?pageSize=2&page=3")).data.map((m) => m.subject)).toEqual(["Mail 20", "Mail 19"]);
  });

  it("filters by recipient, whatever the case", async () => {
    const page = await list("?to=ada%40example.com");
    expect(page.total).toBe(5);
    expect(page.data.map((m) => m.subject)).toEqual(["Mail 20", "Mail 15", "Mail 10", "Mail 5", "Mail 0"]);
  });

  it("refuses a bad page", async () => {
    expect((await app.request("/api/sandbox/mails?page=0")).status).toBe(400);
    expect((await app.request("/api/sandbox/mails?pageSize=101")).status).toBe(400);
  });

  it("does not exist in production mode: the API and the page answer 404", async () => {
    const res = await production.request("/api/sandbox/mails");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Resource not found", code: "not_found" });
    expect((await production.request("/sandbox/mail")).status).toBe(404);
  });

  it("serves the mailbox page: the list, and one mail with its HTML in a sandboxed frame and its text", async () => {
    const res = await app.request(`/sandbox/mail?id=${ids[24]}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Sandbox mailbox</h1>");
    expect(html).toContain("Inbox (25)");
    expect(html).toContain(`href="/sandbox/mail?id=${ids[23]}"`);
    expect(html).toContain('aria-current="true"');
    expect(html).toContain(
      `<iframe title="HTML part of the e-mail" sandbox="" srcdoc="&lt;p onclick=&quot;x()&quot;&gt;Hi &quot;there&quot; &amp; &lt;b&gt;bye&lt;/b&gt;&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>`,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("<pre>Text 24</pre>");
    expect(html).toContain("Older</a>");
  });

  it("says so for an unknown mail, and when the mailbox is empty", async () => {
    const unknown = await app.request("/sandbox/mail?id=00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("This e-mail is not in the mailbox.");
    const empty = await openTestDb("pglite");
    try {
      const page = await (await createApp(testDeps(empty)).request("/sandbox/mail")).text();
      expect(page).toContain("No e-mail yet.");
      expect(page).toContain("Inbox (0)");
    } finally {
      await empty.close();
    }
  });
});
