import { escapeHtml as e } from "../../jobs/mail/templates";

export type UnsubscribeLanguage = "en" | "fr";

/** French for a reader whose browser prefers it, else English (the page has no sign-in to know better). */
export function pageLanguage(acceptLanguage: string | undefined): UnsubscribeLanguage {
  return /^\s*fr\b/i.test(acceptLanguage ?? "") ? "fr" : "en";
}

const COPY = {
  en: {
    title: "Unsubscribe",
    ask: (m: string, to: string, b: string) => `Stop the e-mails ${m} sends to ${to} through ${b}?`,
    one: "Unsubscribe from this merchant",
    all: (b: string) => `Unsubscribe from every merchant on ${b}`,
    doneOne: (m: string) => `Done: ${m} can no longer e-mail you through this service. They are told when they try.`,
    doneAll: (b: string) => `Done: no merchant on ${b} can e-mail you any more.`,
    invalid: "This unsubscribe link is not valid. Copy the whole link from the e-mail.",
  },
  fr: {
    title: "Se désabonner",
    ask: (m: string, to: string, b: string) => `Ne plus recevoir à ${to} les e-mails que ${m} envoie via ${b} ?`,
    one: "Me désabonner de ce marchand",
    all: (b: string) => `Me désabonner de tous les marchands de ${b}`,
    doneOne: (m: string) => `C’est fait : ${m} ne peut plus vous écrire via ce service. Il en est averti s’il essaie.`,
    doneAll: (b: string) => `C’est fait : plus aucun marchand de ${b} ne peut vous écrire.`,
    invalid: "Ce lien de désabonnement n’est pas valide. Copiez le lien entier depuis l’e-mail.",
  },
} as const;

const STYLE = `body{margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.4}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 12px}
form{display:grid;gap:8px;margin-top:16px}
button{font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #18181b;background:#18181b;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#18181b}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`;

function frame(language: UnsubscribeLanguage, body: string): string {
  const copy = COPY[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${e(copy.title)}</title><style>${STYLE}</style></head><body><main><h1>${e(copy.title)}</h1>${body}</main></body></html>`;
}

/** The confirm page (GET): nothing changes until the reader presses a button (link scanners only GET). */
export function confirmPage(language: UnsubscribeLanguage, view: { merchant: string; email: string; brand: string; action: string }): string {
  const copy = COPY[language];
  return frame(
    language,
    `<p>${e(copy.ask(view.merchant, view.email, view.brand))}</p>
<form method="post" action="${e(view.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" name="scope" value="merchant">${e(copy.one)}</button>
<button type="submit" name="scope" value="all" class="secondary">${e(copy.all(view.brand))}</button></form>`,
  );
}

export function donePage(language: UnsubscribeLanguage, view: { merchant: string; brand: string; all: boolean }): string {
  const copy = COPY[language];
  return frame(language, `<p role="status">${e(view.all ? copy.doneAll(view.brand) : copy.doneOne(view.merchant))}</p>`);
}

export function invalidPage(language: UnsubscribeLanguage): string {
  return frame(language, `<p role="alert">${e(COPY[language].invalid)}</p>`);
}
