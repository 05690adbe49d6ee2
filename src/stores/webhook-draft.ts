import type { WebhookFormValues } from "@/lib/webhook-settings";
import type { KeyValueStorage } from "./storage-engine";

/**
 * The webhook form's draft across a "Sign in again" round trip: saving the form can need a recent
 * sign-in, and signing in again leaves the page for /auth and comes back. What the merchant typed
 * waits in this tab's sessionStorage meanwhile, and the form takes it back (once) when it mounts.
 * Secrets are never kept: the store secret is typed again.
 */

/** sessionStorage key of the draft (JSON). */
export const WEBHOOK_DRAFT_KEY = "zpay.webhookDraft";
/** A draft older than this is dropped: a sign-in takes a minute, not an afternoon. */
export const WEBHOOK_DRAFT_MAX_AGE_MS = 30 * 60_000;

/** The fields a draft keeps: every field but the store secret. */
export const WEBHOOK_DRAFT_FIELDS = ["endpoint", "callback", "shopify_store"] as const;
export type WebhookDraftValues = Pick<WebhookFormValues, (typeof WEBHOOK_DRAFT_FIELDS)[number]>;

export interface WebhookDraft {
  values: WebhookDraftValues;
  /** Whether a store secret had been typed (its text is not kept): the form asks for it again. */
  secretTyped: boolean;
}

interface StoredDraft extends WebhookDraft {
  /** The merchant whose form it is (their account id): another merchant signing in never sees it. */
  owner: string;
  savedAt: number;
}

export interface DraftOptions {
  storage?: KeyValueStorage | null;
  now?: number;
}

function tabStorage(): KeyValueStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked: no draft, the form starts from the saved settings
  }
}

/**
 * Keeps the form's non-secret fields for `owner` until the form mounts again. `secretTyped` says
 * whether the store secret field held something new. A storage that refuses it keeps nothing.
 */
export function keepWebhookDraft(values: WebhookFormValues, owner: string, secretTyped: boolean, { storage = tabStorage(), now = Date.now() }: DraftOptions = {}): void {
  const kept = Object.fromEntries(WEBHOOK_DRAFT_FIELDS.map((name) => [name, String(values[name] ?? "")])) as unknown as WebhookDraftValues;
  const draft: StoredDraft = { owner, savedAt: now, values: kept, secretTyped };
  try {
    storage?.setItem(WEBHOOK_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // quota or blocked storage: the draft is lost, as it was before drafts existed
  }
}

/**
 * `owner`'s draft, if one is kept and recent, without removing it (a component reads it while
 * rendering; `clearWebhookDraft` once it is restored). Another merchant's, an old or an unreadable
 * draft reads as none.
 */
export function readWebhookDraft(owner: string, { storage = tabStorage(), now = Date.now() }: DraftOptions = {}): WebhookDraft | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(WEBHOOK_DRAFT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    if (draft.owner !== owner || typeof draft.savedAt !== "number") return null;
    if (now - draft.savedAt > WEBHOOK_DRAFT_MAX_AGE_MS || now < draft.savedAt) return null;
    const values = Object.fromEntries(
      WEBHOOK_DRAFT_FIELDS.map((name) => [name, typeof draft.values?.[name] === "string" ? draft.values[name] : ""]),
    ) as unknown as WebhookDraftValues;
    return { values, secretTyped: draft.secretTyped === true };
  } catch {
    return null;
  }
}

/** Forgets the draft (restored, or not wanted any more). */
export function clearWebhookDraft({ storage = tabStorage() }: Pick<DraftOptions, "storage"> = {}): void {
  try {
    storage?.removeItem(WEBHOOK_DRAFT_KEY);
  } catch {
    // nothing was kept
  }
}
