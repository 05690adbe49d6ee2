/** An issue with one field of a refused request (`path` is the field, "" for the whole body). */
export interface ZpayIssue {
  path: string;
  message: string;
}

/** The zAPI answered an error: its HTTP status, its stable `code` and, for 400, the field issues. */
export class ZpayError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ZpayIssue[];
  constructor(status: number, code: string, message: string, issues: ZpayIssue[] = []) {
    super(message);
    this.name = "ZpayError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** A webhook that must not be trusted: why is in `message`. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}
