import type { Context } from "hono";
import type { AppDeps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { escapeHtml as e } from "../../jobs/mail/templates";
import { SANDBOX_MAIL_PAGE_SIZE, type SandboxMail } from "@/lib/sandbox-mail";
import { listSandboxMails, readSandboxMail } from "./service";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;background:#fafafa;line-height:1.4}
header{padding:16px;border-bottom:1px solid #e4e4e7;background:#fff}
h1{font-size:20px;margin:0 0 4px}
header p{margin:0;color:#52525b;font-size:14px}
main{display:grid;gap:16px;padding:16px;grid-template-columns:minmax(0,1fr)}
@media (min-width:900px){main.open{grid-template-columns:minmax(0,2fr) minmax(0,3fr)}}
section{background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:12px;min-width:0}
h2{font-size:16px;margin:0 0 8px}
ol{list-style:none;margin:0;padding:0}
li a{display:block;padding:8px;border-radius:6px;color:inherit;text-decoration:none;border-bottom:1px solid #f4f4f5}
li a:hover,li a:focus-visible{background:#f4f4f5}
li a[aria-current=true]{background:#e4e4e7}
a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.subject{display:block;font-weight:600;overflow-wrap:anywhere}
.meta{display:block;font-size:13px;color:#52525b;overflow-wrap:anywhere}
.empty{color:#52525b}
nav.pages{display:flex;gap:12px;margin-top:8px;font-size:14px}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:4px 12px;margin:0 0 12px;font-size:14px}
dt{color:#52525b}
dd{margin:0;overflow-wrap:anywhere}
iframe{width:100%;height:480px;border:1px solid #e4e4e7;border-radius:6px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f5;padding:12px;border-radius:6px;font-size:13px}
`;

const when = (iso: string) => {
  const d = new Date(iso);
  return `<time datetime="${e(iso)}">${e(d.toISOString().replace("T", " ").slice(0, 19))} UTC</time>`;
};

function listItem(mail: SandboxMail, open: boolean, page: number): string {
  return `<li><a href="/sandbox/mail?id=${e(mail.id)}${page > 1 ? `&amp;page=${page}` : ""}"${open ? ' aria-current="true"' : ""}><span class="subject">${e(mail.subject || "(no subject)")}</span><span class="meta">To ${e(mail.to.join(", "))} · ${when(mail.receivedAt)}</span></a></li>`;
}

function opened(mail: SandboxMail): string {
  return `<section aria-labelledby="mail-subject">
<h2 id="mail-subject">${e(mail.subject || "(no subject)")}</h2>
<dl><dt>From</dt><dd>${e(mail.from)}</dd><dt>To</dt><dd>${e(mail.to.join(", "))}</dd><dt>Received</dt><dd>${when(mail.receivedAt)}</dd></dl>
${mail.html === null ? "" : `<h3>HTML</h3><iframe title="HTML part of the e-mail" sandbox="" srcdoc="${e(mail.html)}"></iframe>`}
<h3>Text</h3><pre>${e(mail.text || "(no text part)")}</pre>
</section>`;
}

/**
 * `/sandbox/mail` on the app origin (sandbox mode only; not even routed in production): the
 * mailbox of the embedded SMTP server. Server-rendered, no script: a list (subject, to, time) and
 * the mail opened with `?id=`, its HTML in a frame with every sandbox restriction (no script, no
 * form, no navigation, opaque origin) and its text part. No sign-in: the sandbox is local.
 */
export function sandboxMailPage(deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const page = Math.max(1, Math.floor(Number(c.req.query("page") ?? 1)) || 1);
    const id = c.req.query("id");
    const [{ mails, total }, open] = await Promise.all([
      listSandboxMails(deps.database.db, { page, pageSize: SANDBOX_MAIL_PAGE_SIZE }),
      id ? readSandboxMail(deps.database.db, id) : Promise.resolve(undefined),
    ]);
    const pages = Math.max(1, Math.ceil(total / SANDBOX_MAIL_PAGE_SIZE));
    const list = mails.length
      ? `<ol>${mails.map((m) => listItem(m, m.id === open?.id, page)).join("")}</ol>`
      : `<p class="empty">No e-mail yet. Mails the sandbox sends (payment requests, reminders…) appear here.</p>`;
    const nav =
      pages > 1
        ? `<nav class="pages" aria-label="Pages">${page > 1 ? `<a href="/sandbox/mail?page=${page - 1}">Newer</a>` : ""}<span>Page ${page} of ${pages}</span>${page < pages ? `<a href="/sandbox/mail?page=${page + 1}">Older</a>` : ""}</nav>`
        : "";
    const notFound = id && !open ? `<section role="alert"><p>This e-mail is not in the mailbox.</p></section>` : "";
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox mailbox · ${e(deps.env.BRAND_NAME)}</title><style>${STYLE}</style></head>
<body>
<header><h1>Sandbox mailbox</h1><p>Every e-mail this sandbox sends lands here instead of going out. No sign-in: this page only exists in sandbox mode. <a href="/sandbox/mail">Refresh</a></p></header>
<main class="${open ? "open" : ""}">
<section aria-labelledby="inbox"><h2 id="inbox">Inbox (${total})</h2>${list}${nav}</section>
${open ? opened(open) : notFound}
</main>
</body></html>`;
    c.header("cache-control", "no-store");
    return c.html(html, id && !open ? 404 : 200);
  };
}
