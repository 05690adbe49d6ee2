import type { CollectMailOutcome } from "@/lib/collect-mail";
import { formatWait } from "@/lib/wait";
import type { MailDeliveryTrouble } from "../../jobs/mail/delivery-health";
import { MailCapReached, RecipientUnsubscribed } from "../../jobs/mail/merchant-mail";

/** The edit's answer when nothing the payer was told changed. */
export const UNCHANGED: CollectMailOutcome = { status: "unchanged", message: "Nothing the payer was e-mailed changed: no new e-mail." };

/** The payer's mail was queued: "sent", unless the mail server is off or failing right now. */
export function queuedOutcome(to: string, trouble: MailDeliveryTrouble | undefined): CollectMailOutcome {
  if (trouble === "off") {
    return { status: "not_sent", to, reason: "mail_server_off", queued: true, message: `Not sent to ${to} yet: this server has no mail server set up. The e-mail waits and goes out once one is.` };
  }
  if (trouble === "failing") {
    return { status: "not_sent", to, reason: "mail_server_failing", queued: true, message: `Not sent to ${to} yet: the mail server is failing right now. The e-mail is queued and retried for about an hour.` };
  }
  return { status: "sent", to, message: `The request was e-mailed to ${to} with the new details.` };
}

/** The payer's mail was refused before it was queued (unsubscribed payer, a mail cap): why, in the answer. Anything else is rethrown. */
export function refusedOutcome(to: string, err: unknown): CollectMailOutcome {
  if (err instanceof RecipientUnsubscribed) {
    return { status: "not_sent", to, reason: "recipient_unsubscribed", queued: false, message: `Not sent: ${to} unsubscribed from your e-mails. Share the pay link with them yourself.` };
  }
  if (err instanceof MailCapReached) {
    const reason = ({ recipient_day: "mail_cap_recipient", merchant_day: "mail_cap_day", merchant_hour: "mail_cap_hour" } as const)[err.scope];
    const wait = formatWait(err.retryAfterSeconds);
    return {
      status: "not_sent",
      to,
      reason,
      queued: false,
      retryAfterSeconds: err.retryAfterSeconds,
      message: `Not sent: you reached the most e-mails allowed (${err.cap}). Send a reminder in ${wait}, or share the pay link yourself.`,
    };
  }
  throw err;
}
