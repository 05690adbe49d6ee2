import { readableTextOn } from "@/lib/contrast";
import { BRAND_COLOR } from "@/lib/profile";
import type { MailTemplateData, MailTemplateName } from "./templates-contract";

/** The languages e-mails are written in; anything else falls back to English. */
export const MAIL_LANGUAGES = ["en", "fr"] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export function mailLanguage(value: string | null | undefined): MailLanguage {
  return (MAIL_LANGUAGES as readonly string[]).includes(value ?? "") ? (value as MailLanguage) : "en";
}

/** One e-mail, ready for the transport: the plain-text part is always there. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** What every renderer gets besides its own data. */
export interface MailContext {
  language: MailLanguage;
  /** The product's name (BRAND_NAME), signed at the bottom of every mail. */
  brand: string;
}

type Renderer<Data> = (data: Data, context: MailContext) => RenderedMail;

/** Escapes text for HTML content and double-quoted attributes: merchant and payer text is never markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** Subjects are one line: a newline in merchant text must not reach a header. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

/** Only http(s) links are made clickable; anything else (javascript:, data:) becomes inert. */
function safeUrl(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : "#";
  } catch {
    return "#";
  }
}

/** Decimal text as a reader of the language writes it ("12.5" → "12,5" in French); never a float. */
export function formatAmount(amount: string, currency: string, language: MailLanguage): string {
  const [whole, fraction] = amount.trim().split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === "fr" ? "\u202f" : ",");
  const number = fraction ? `${grouped}${language === "fr" ? "," : "."}${fraction}` : grouped;
  return `${number} ${currency}`;
}

/** The HTML frame every mail shares: a light, table-free layout mail clients render alike. */
function layout(context: MailContext, title: string, body: string): string {
  return [
    "<!doctype html>",
    `<html lang="${context.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    body,
    `<p style="margin-top:32px;font-size:12px;color:#71717a">${escapeHtml(context.brand)}</p>`,
    "</div></body></html>",
  ].join("\n");
}

/** The merchant's name (and logo) on their colour, the text black or white by contrast; nothing without a brand. */
function brandHeader(name: string, brand: MailBrand | undefined): string {
  if (!brand) return "";
  const background = brand.color && BRAND_COLOR.test(brand.color) ? brand.color : "#f4f4f5";
  const logo = brand.logoUrl ? `<img src="${escapeHtml(safeUrl(brand.logoUrl))}" alt="" width="40" height="40" style="vertical-align:middle;border-radius:6px;background:#ffffff;margin-right:12px">` : "";
  return `<div style="margin:-24px -24px 24px;padding:16px 24px;border-radius:8px 8px 0 0;background:${background};color:${readableTextOn(background)};font-size:18px;font-weight:600">${logo}<span style="vertical-align:middle">${escapeHtml(name)}</span></div>`;
}

type MailBrand = NonNullable<MailTemplateData["collect-request"]["brand"]>;

function button(href: string, label: string, color?: string): string {
  const background = color && BRAND_COLOR.test(color) ? color : "#18181b";
  return `<p style="margin:24px 0"><a href="${escapeHtml(safeUrl(href))}" style="display:inline-block;background:${background};color:${readableTextOn(background)};text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(label)}</a></p>`;
}

const COLLECT_COPY = {
  en: {
    subject: (m: string, a: string) => `${m} asks you to pay ${a}`,
    reminderSubject: (m: string, a: string) => `Reminder: ${m} asks you to pay ${a}`,
    greeting: (p: string) => `Hello ${p},`,
    intro: (m: string, a: string) => `${m} asks you to pay ${a}.`,
    reminderIntro: (m: string, a: string) => `This is a reminder: ${m} asks you to pay ${a}.`,
    messageFrom: (m: string) => `Message from ${m}:`,
    pay: "Pay now",
    payLine: (url: string) => `Pay now: ${url}`,
    orOpen: "Or open this link:",
    named: (name: string, wallet: string) => (name ? `${name} (wallet ${wallet})` : `Wallet ${wallet}`),
    notice: (b: string) => `${b} delivers this request for a merchant who uses it; ${b} does not vouch for who they are. Check before you pay.`,
    unsubscribe: (m: string) => `You get this because ${m} entered your address. No more e-mails from them:`,
    unsubscribeLink: "Unsubscribe",
  },
  fr: {
    subject: (m: string, a: string) => `${m} vous demande de payer ${a}`,
    reminderSubject: (m: string, a: string) => `Rappel : ${m} vous demande de payer ${a}`,
    greeting: (p: string) => `Bonjour ${p},`,
    intro: (m: string, a: string) => `${m} vous demande de payer ${a}.`,
    reminderIntro: (m: string, a: string) => `Petit rappel : ${m} vous demande de payer ${a}.`,
    messageFrom: (m: string) => `Message de ${m} :`,
    pay: "Payer maintenant",
    payLine: (url: string) => `Payer maintenant : ${url}`,
    orOpen: "Ou ouvrez ce lien :",
    named: (name: string, wallet: string) => (name ? `${name} (portefeuille ${wallet})` : `Portefeuille ${wallet}`),
    notice: (b: string) => `${b} transmet cette demande pour un marchand qui l’utilise ; ${b} ne garantit pas son identité. Vérifiez avant de payer.`,
    unsubscribe: (m: string) => `Vous recevez ceci parce que ${m} a saisi votre adresse. Ne plus recevoir leurs e-mails :`,
    unsubscribeLink: "Se désabonner",
  },
} as const;

/** Longest merchant name a subject shows (a display name is not a place for a paragraph). */
const MERCHANT_NAME_MAX = 80;

/** zRequest and its reminder: who asks, how much, the merchant's message and the pay link. */
function collectMail(reminder: boolean): Renderer<MailTemplateData["collect-request"]> {
  return (data, context) => {
    const copy = COLLECT_COPY[context.language];
    // The merchant's chosen name is never shown alone: their wallet always follows it, so "PayPal
    // Security" reads as a merchant who calls themself that, not as PayPal. Mails queued before
    // the wallet was recorded show the name as it was.
    const chosen = oneLine(data.merchantName).slice(0, MERCHANT_NAME_MAX);
    const merchant = data.merchantWallet ? copy.named(chosen, oneLine(data.merchantWallet)) : chosen;
    const amount = formatAmount(data.amount, data.currency, context.language);
    const subject = oneLine((reminder ? copy.reminderSubject : copy.subject)(merchant, amount));
    const intro = (reminder ? copy.reminderIntro : copy.intro)(merchant, amount);
    const message = data.message.trim();
    const text = [
      copy.greeting(data.payerName),
      "",
      intro,
      ...(message ? ["", copy.messageFrom(merchant), message] : []),
      "",
      copy.payLine(data.payUrl),
      "",
      copy.notice(context.brand),
      ...(data.unsubscribeUrl ? ["", `${copy.unsubscribe(merchant)} ${data.unsubscribeUrl}`] : []),
      "",
      "--",
      context.brand,
      "",
    ].join("\n");
    const paragraphs = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");
    const html = layout(
      context,
      subject,
      [
        brandHeader(merchant, data.brand),
        `<p>${escapeHtml(copy.greeting(data.payerName))}</p>`,
        `<p style="font-size:18px"><strong>${escapeHtml(intro)}</strong></p>`,
        message
          ? `<p style="margin:0;color:#71717a">${escapeHtml(copy.messageFrom(merchant))}</p><blockquote style="margin:8px 0;padding:8px 12px;border-left:3px solid #d4d4d8">${paragraphs(message)}</blockquote>`
          : "",
        button(data.payUrl, copy.pay, data.brand?.color),
        `<p style="font-size:12px;color:#71717a">${escapeHtml(copy.orOpen)}<br><a href="${escapeHtml(safeUrl(data.payUrl))}">${escapeHtml(data.payUrl)}</a></p>`,
        `<p style="font-size:12px;color:#71717a">${escapeHtml(copy.notice(context.brand))}</p>`,
        data.unsubscribeUrl
          ? `<p style="font-size:12px;color:#71717a">${escapeHtml(copy.unsubscribe(merchant))} <a href="${escapeHtml(safeUrl(data.unsubscribeUrl))}">${escapeHtml(copy.unsubscribeLink)}</a></p>`
          : "",
      ].join("\n"),
    );
    const headers = data.unsubscribeUrl
      ? { "List-Unsubscribe": `<${safeUrl(data.unsubscribeUrl)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : undefined;
    return { subject, text, html, ...(headers ? { headers } : {}) };
  };
}

const VERIFY_COPY = {
  en: {
    subject: "Confirm your e-mail address for payment notifications",
    intro: "Confirm this address to receive an e-mail for every payment you receive.",
    button: "Confirm my address",
    expires: (h: number) => `The link works once and expires in ${h} hours. If you did not ask for it, ignore this e-mail.`,
  },
  fr: {
    subject: "Confirmez votre adresse e-mail pour les notifications de paiement",
    intro: "Confirmez cette adresse pour recevoir un e-mail à chaque paiement reçu.",
    button: "Confirmer mon adresse",
    expires: (h: number) => `Le lien ne sert qu’une fois et expire dans ${h} heures. Si vous ne l’avez pas demandé, ignorez cet e-mail.`,
  },
} as const;

const verifyMail: Renderer<MailTemplateData["email-verification"]> = (data, context) => {
  const copy = VERIFY_COPY[context.language];
  const expires = copy.expires(data.expiresInHours);
  const text = [copy.intro, "", `${copy.button}: ${data.verifyUrl}`, "", expires, "", "--", context.brand, ""].join("\n");
  const html = layout(
    context,
    copy.subject,
    [
      `<p style="font-size:18px"><strong>${escapeHtml(copy.intro)}</strong></p>`,
      button(data.verifyUrl, copy.button),
      `<p style="font-size:12px;color:#71717a"><a href="${escapeHtml(safeUrl(data.verifyUrl))}">${escapeHtml(data.verifyUrl)}</a></p>`,
      `<p style="font-size:12px;color:#71717a">${escapeHtml(expires)}</p>`,
    ].join("\n"),
  );
  return { subject: copy.subject, text, html };
};

const PAYMENT_COPY = {
  en: {
    subject: { paid: (a: string) => `Payment received: ${a}`, validated: (a: string) => `Payment confirmed: ${a}` },
    intro: {
      paid: (a: string) => `A payment of ${a} was seen on chain. It is being verified.`,
      validated: (a: string) => `A payment of ${a} is confirmed and complete.`,
    },
    order: "Order",
    payment: "Payment",
    product: "Product",
    details: "View transactions",
  },
  fr: {
    subject: { paid: (a: string) => `Paiement reçu : ${a}`, validated: (a: string) => `Paiement confirmé : ${a}` },
    intro: {
      paid: (a: string) => `Un paiement de ${a} a été vu sur la chaîne. Il est en cours de vérification.`,
      validated: (a: string) => `Un paiement de ${a} est confirmé et complet.`,
    },
    order: "Commande",
    payment: "Paiement",
    product: "Produit",
    details: "Voir les transactions",
  },
} as const;

const paymentMail: Renderer<MailTemplateData["payment-notification"]> = (data, context) => {
  const copy = PAYMENT_COPY[context.language];
  const amount = formatAmount(data.amount, data.currency, context.language);
  const subject = oneLine(copy.subject[data.event](amount));
  const intro = copy.intro[data.event](amount);
  const sep = context.language === "fr" ? " : " : ": ";
  const lines = [
    `${copy.payment}${sep}${data.publicId}`,
    `${copy.product}${sep}${data.productType}`,
    ...(data.orderId ? [`${copy.order}${sep}${oneLine(data.orderId)}`] : []),
  ];
  const text = [intro, "", ...lines, "", `${copy.details}: ${data.detailsUrl}`, "", "--", context.brand, ""].join("\n");
  const html = layout(
    context,
    subject,
    [
      `<p style="font-size:18px"><strong>${escapeHtml(intro)}</strong></p>`,
      `<p>${lines.map(escapeHtml).join("<br>")}</p>`,
      button(data.detailsUrl, copy.details),
    ].join("\n"),
  );
  return { subject, text, html };
};

const OPERATOR_COPY = {
  subject: (wallet: string) => `Production access requested by ${wallet}`,
  intro: "A merchant asked for production access. Grant it on the admin page.",
  button: "Open the admin page",
} as const;

const productionRequestedMail: Renderer<MailTemplateData["production-access-requested"]> = (data, context) => {
  const lines = [`Merchant: ${data.merchantId}`, `Wallet: ${data.merchantWallet}`, `E-mail: ${data.merchantEmail ?? "(none)"}`, `Asked at: ${data.requestedAt}`];
  const subject = oneLine(OPERATOR_COPY.subject(data.merchantWallet));
  const text = [OPERATOR_COPY.intro, "", ...lines, "", `${OPERATOR_COPY.button}: ${data.adminUrl}`, "", "--", context.brand, ""].join("\n");
  const html = layout(
    context,
    subject,
    [`<p style="font-size:18px"><strong>${escapeHtml(OPERATOR_COPY.intro)}</strong></p>`, `<p>${lines.map(escapeHtml).join("<br>")}</p>`, button(data.adminUrl, OPERATOR_COPY.button)].join("\n"),
  );
  return { subject, text, html };
};

const GRANTED_COPY = {
  en: {
    subject: "Your production access is granted",
    intro: "Your request for production access was granted. Next steps:",
    steps: [
      "Sign in with the same wallet.",
      "Attach the wallet that receives real payments (Settings › Deposits).",
      "Verify your e-mail address to be told of every payment (Settings › Notifications).",
    ],
    button: "Sign in",
  },
  fr: {
    subject: "Votre accès production est accordé",
    intro: "Votre demande d’accès production a été acceptée. Prochaines étapes :",
    steps: [
      "Connectez-vous avec le même portefeuille.",
      "Associez le portefeuille qui reçoit les vrais paiements (Paramètres › Dépôts).",
      "Vérifiez votre adresse e-mail pour être prévenu de chaque paiement (Paramètres › Notifications).",
    ],
    button: "Se connecter",
  },
} as const;

const productionGrantedMail: Renderer<MailTemplateData["production-access-granted"]> = (data, context) => {
  const copy = GRANTED_COPY[context.language];
  const steps = copy.steps.map((step, i) => `${i + 1}. ${step}`);
  const text = [copy.intro, "", ...steps, "", `${copy.button}: ${data.appUrl}`, "", "--", context.brand, ""].join("\n");
  const html = layout(
    context,
    copy.subject,
    [
      `<p style="font-size:18px"><strong>${escapeHtml(copy.intro)}</strong></p>`,
      `<ol>${copy.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ol>`,
      button(data.appUrl, copy.button),
    ].join("\n"),
  );
  return { subject: copy.subject, text, html };
};

/**
 * One renderer per template of the contract: a template added to `MailTemplateData` without its
 * renderer here is a type error. A renderer escapes every value it puts in HTML.
 */
export const MAIL_RENDERERS: { [K in MailTemplateName]: Renderer<MailTemplateData[K]> } = {
  "collect-request": collectMail(false),
  "collect-reminder": collectMail(true),
  "email-verification": verifyMail,
  "payment-notification": paymentMail,
  "production-access-requested": productionRequestedMail,
  "production-access-granted": productionGrantedMail,
};

export function isMailTemplate(name: string): name is MailTemplateName {
  return Object.hasOwn(MAIL_RENDERERS, name);
}

/** Subject, plain text and HTML of one mail in `language` (en or fr; anything else is English). */
export function render<K extends MailTemplateName>(template: K, language: string, data: MailTemplateData[K], brand = "zPay"): RenderedMail {
  const renderer = MAIL_RENDERERS[template] as Renderer<MailTemplateData[K]>;
  return renderer(data, { language: mailLanguage(language), brand });
}
