import { describe, expect, it } from "vitest";
import { escapeHtml, formatAmount, MAIL_RENDERERS, render } from "./templates";
import type { MailTemplateData } from "./templates-contract";

const data: MailTemplateData["collect-request"] = {
  merchantName: "Café Lumière",
  payerName: "Ada",
  amount: "1250.5",
  currency: "USDC",
  message: "Thanks for the order!\nSee you soon.",
  payUrl: "https://pay.example.com/?p=abc123",
};

/** Sample data of every template, for the checks all mails share. */
const SAMPLES: { [K in keyof MailTemplateData]: MailTemplateData[K] } = {
  "collect-request": data,
  "collect-reminder": data,
  "email-verification": { verifyUrl: "https://app.example.com/settings/notifications?verify=abc", expiresInHours: 24 },
  "payment-notification": {
    event: "paid",
    amount: "12.5",
    currency: "USDC",
    productType: "quick-pay",
    orderId: "order-1",
    publicId: "AbC123",
    detailsUrl: "https://app.example.com/transactions",
  },
  "production-access-requested": {
    merchantId: "0b9e6a1e-3d7c-4a53-9a0e-8f1c2b3d4e5f",
    merchantWallet: "A3ndJZ9hW6sQ3uQ2sJ7E5Gm8hYJX2JvJ6y7L7NnG5J4",
    merchantEmail: null,
    requestedAt: "2026-11-28T12:00:00.000Z",
    adminUrl: "https://app.example.com/admin-stats",
  },
  "production-access-granted": { appUrl: "https://app.example.com/" },
};

describe("mail templates", () => {
  it("shows the merchant's name and logo on their colour, text black or white by contrast, and the button in it", () => {
    const light = render("collect-request", "en", { ...data, brand: { logoUrl: "https://pay.example.com/api/uploads/abc", color: "#ffeb3b" } }).html;
    expect(light).toContain('background:#ffeb3b;color:#000000;font-size:18px');
    expect(light).toContain('<img src="https://pay.example.com/api/uploads/abc"');
    expect(light).toContain('<span style="vertical-align:middle">Café Lumière</span>');
    expect(light).toContain("display:inline-block;background:#ffeb3b;color:#000000");
    const dark = render("collect-request", "en", { ...data, brand: { color: "#1e3a8a" } }).html;
    expect(dark).toContain("background:#1e3a8a;color:#ffffff;font-size:18px");
    expect(dark).not.toContain("<img");
  });

  it("keeps the plain look without a brand, and never lets a brand inject markup or styles", () => {
    const plain = render("collect-request", "en", data).html;
    expect(plain).not.toContain("vertical-align:middle");
    expect(plain).toContain("display:inline-block;background:#18181b;color:#ffffff");
    const hostile = render("collect-request", "en", {
      ...data,
      merchantName: '<b>x</b>',
      brand: { color: "red;background:url(https://evil.example)", logoUrl: 'javascript:alert(1)"' },
    }).html;
    expect(hostile).not.toContain("evil.example");
    expect(hostile).not.toContain("javascript:");
    expect(hostile).not.toContain("<b>x</b>");
    expect(hostile).toContain("background:#f4f4f5;color:#000000");
  });

  it("writes the request in English: subject, amount, message, pay link, in both parts", () => {
    const mail = render("collect-request", "en", data, "zPay");
    expect(mail.subject).toBe("Café Lumière asks you to pay 1,250.5 USDC");
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.text).toContain("Café Lumière asks you to pay 1,250.5 USDC.");
    expect(mail.text).toContain("Thanks for the order!\nSee you soon.");
    expect(mail.text).toContain("Pay now: https://pay.example.com/?p=abc123");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('<a href="https://pay.example.com/?p=abc123"');
    expect(mail.html).toContain(">Pay now</a>");
    expect(mail.html).toContain("Thanks for the order!<br>See you soon.");
  });

  it("writes the request in French with French number writing", () => {
    const mail = render("collect-request", "fr", data, "zPay");
    expect(mail.subject).toBe("Café Lumière vous demande de payer 1\u202f250,5 USDC");
    expect(mail.text).toContain("Bonjour Ada,");
    expect(mail.text).toContain("Payer maintenant : https://pay.example.com/?p=abc123");
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain(">Payer maintenant</a>");
    expect(mail.html).not.toContain("Pay now");
  });

  it("sends a reminder that says so, in both languages", () => {
    expect(render("collect-reminder", "en", data).subject).toBe("Reminder: Café Lumière asks you to pay 1,250.5 USDC");
    expect(render("collect-reminder", "fr", data).subject).toMatch(/^Rappel : /);
  });

  it("falls back to English for an unknown language", () => {
    expect(render("collect-request", "de", data).subject).toContain("asks you to pay");
  });

  it("always has a plain-text part without markup", () => {
    for (const template of Object.keys(MAIL_RENDERERS) as (keyof MailTemplateData)[]) {
      for (const language of ["en", "fr"]) {
        const mail = render(template, language, SAMPLES[template]);
        expect(mail.text.length).toBeGreaterThan(20);
        expect(mail.text).not.toMatch(/<[a-z]/i);
        expect(mail.html).toMatch(/^<!doctype html>/);
      }
    }
  });

  it("escapes merchant and payer text in the HTML part; no injection", () => {
    const hostile = {
      ...data,
      merchantName: '<img src=x onerror="alert(1)">Evil',
      payerName: "<script>alert('x')</script>",
      message: '"><a href="https://phish.example">click</a>',
      payUrl: "javascript:alert(1)",
    };
    const mail = render("collect-request", "en", hostile);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain('<a href="https://phish.example">');
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(mail.html).toContain('href="#"');
    // The text part is plain text: it keeps what the merchant typed, unescaped.
    expect(mail.text).toContain("Hello <script>alert('x')</script>,");
  });

  it("keeps subjects on one line", () => {
    expect(render("collect-request", "en", { ...data, merchantName: "Shop\r\nBcc: x@example.com" }).subject).toBe(
      "Shop Bcc: x@example.com asks you to pay 1,250.5 USDC",
    );
  });

  it("escapes and formats helpers", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(formatAmount("1234567.891", "EUR", "en")).toBe("1,234,567.891 EUR");
    expect(formatAmount("12", "EUR", "fr")).toBe("12 EUR");
  });
});

describe("notification templates", () => {
  const payment = {
    event: "validated" as const,
    amount: "1234.5",
    currency: "USDC",
    productType: "quick-pay",
    orderId: "<b>order</b>",
    publicId: "AbC123",
    detailsUrl: "https://app.example.com/transactions",
  };

  it("writes the verification link in English and French, with its expiry", () => {
    const en = render("email-verification", "en", { verifyUrl: "https://app.example.com/settings/notifications?verify=t0k", expiresInHours: 24 });
    expect(en.subject).toBe("Confirm your e-mail address for payment notifications");
    expect(en.text).toContain("https://app.example.com/settings/notifications?verify=t0k");
    expect(en.text).toContain("24 hours");
    expect(en.html).toContain('href="https://app.example.com/settings/notifications?verify=t0k"');
    const fr = render("email-verification", "fr", { verifyUrl: "https://app.example.com/v", expiresInHours: 24 });
    expect(fr.subject).toBe("Confirmez votre adresse e-mail pour les notifications de paiement");
    expect(fr.text).toContain("24 heures");
  });

  it("tells the merchant of a paid and a validated payment, amount written for the language, order id escaped", () => {
    const paid = render("payment-notification", "en", { ...payment, event: "paid" });
    expect(paid.subject).toBe("Payment received: 1,234.5 USDC");
    const validated = render("payment-notification", "fr", payment);
    expect(validated.subject).toBe("Paiement confirmé : 1\u202f234,5 USDC");
    expect(validated.text).toContain("Commande : <b>order</b>");
    expect(validated.html).toContain("&lt;b&gt;order&lt;/b&gt;");
    expect(validated.html).not.toContain("<b>order</b>");
  });
});
