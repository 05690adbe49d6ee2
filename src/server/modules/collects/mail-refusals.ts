import { formatWait } from "@/lib/wait";
import { ApiError } from "../../http/errors";
import { MailCapReached, RecipientUnsubscribed } from "../../jobs/mail/merchant-mail";

const VERIFY_TIP = " Verify your e-mail address in Settings › Notifications to send more.";

/**
 * The merchant's answer when a mail of theirs is refused: a 429 with Retry-After and the wait in
 * words for a cap, a 409 for a payer who unsubscribed. Anything else is rethrown as is.
 */
export function mailRefusal(err: unknown): never {
  if (err instanceof MailCapReached) {
    const wait = formatWait(err.retryAfterSeconds);
    const tip = err.verified ? "" : VERIFY_TIP;
    const [code, what] = {
      recipient_day: ["mail_cap_recipient", `This address already got ${err.cap} e-mails from you today, the most allowed.`],
      merchant_day: ["mail_cap_day", `You have sent ${err.cap} e-mails today, the most allowed.`],
      merchant_hour: ["mail_cap_hour", `You have sent ${err.cap} e-mails this hour, the most allowed.`],
    }[err.scope];
    throw new ApiError(429, code, `${what} Nothing was sent. Try again in ${wait}.${err.scope === "recipient_day" ? "" : tip}`, undefined, {
      "Retry-After": String(err.retryAfterSeconds),
    });
  }
  if (err instanceof RecipientUnsubscribed) {
    throw new ApiError(409, "recipient_unsubscribed", "This payer unsubscribed from your e-mails: nothing was sent. Share the pay link with them yourself.");
  }
  throw err;
}
