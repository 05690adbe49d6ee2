import { z } from "zod";

/** Parses the process environment once; every setting the server reads is declared here. */
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    ZPAY_MODE: z.enum(["sandbox", "production"]).default("sandbox"),
    HOST: z.string().default("127.0.0.1"),
    APP_PORT: port(4321),
    PAYMENTS_PORT: port(4322),
    APP_ORIGIN: optionalUrl,
    PAYMENTS_ORIGIN: optionalUrl,
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
    BRAND_NAME: z.string().min(1).default("zPay"),
    /** Reverse proxies in front of the server, each appending one X-Forwarded-For hop (`true` = 1, `false` = 0). */
    TRUST_PROXY: z.preprocess(
      (v) => (v === "true" ? "1" : v === "false" ? "0" : emptyToUndefined(v)),
      z.coerce.number().int().min(0).max(16).default(0),
    ),
    /** Show mode and database kind on /api/health to every caller, not only to local ones. */
    HEALTH_DETAILS: z.stringbool().default(false),
    /** Bearer token a Prometheus scraper sends to read /metrics from another machine (callers on this one need none). */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
    /** Who may embed the pay page in a frame: CSP `frame-ancestors` sources of the payments origin. */
    PAYMENTS_FRAME_ANCESTORS: z
      .string()
      .trim()
      .regex(/^[^;,\r\n]+$/, "space-separated CSP sources, e.g. * or 'none' or https://shop.example")
      .default("*"),
    SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Reading or rotating the webhook secret and changing the receiving wallet need a sign-in this recent (minutes). */
    FRESH_SIGN_IN_MINUTES: z.coerce.number().int().min(1).default(10),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** zRamp: the fiat on-ramp provider's base address; the zRamp page explains how to set it when absent. */
    ZRAMP_PROVIDER_URL: optionalUrl,
    SOLANA_RPC_URL: optionalUrl,
    /** Further Solana RPC URLs (comma-separated) a failed call moves on to, in order. */
    SOLANA_RPC_FALLBACK_URLS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .optional()
        .transform((v) => (v ?? "").split(",").map((u) => u.trim()).filter(Boolean))
        .refine((urls) => urls.every((u) => URL.canParse(u)), "comma-separated http(s) URLs"),
    ),
    /** Deadline of one chain RPC attempt (ms): a node that never answers holds a caller this long, no longer. */
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** Further attempts after a failed chain RPC call (with backoff and jitter, on the next URL). */
    RPC_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    SOLANA_WS_URL: optionalUrl,
    SOLANA_USDC_MINT: z.preprocess(emptyToUndefined, z.string().optional()),
    SOLANA_USDT_MINT: z.preprocess(emptyToUndefined, z.string().optional()),
    /**
     * Sandbox only: a chain host's control URL (`npm run cluster`, compose): this process uses the
     * local networks that host runs (its RPC URLs, tokens and fee proxies fill the chain settings left
     * unset) and asks it for faucet transfers, instead of starting networks of its own.
     */
    SANDBOX_CHAIN_HOST_URL: optionalUrl,
    /** Sandbox only: the host name browsers reach the chain host's networks by, when not the one in its URLs (compose: `localhost`). */
    SANDBOX_BROWSER_CHAIN_HOST: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9.-]+$/, "a host name").optional()),
    /** How long start-up waits for the chain host to answer (it may still be deploying contracts). */
    SANDBOX_CHAIN_HOST_WAIT_MS: z.coerce.number().int().min(0).default(60_000),
    SANDBOX_SLOT_MS: z.coerce.number().int().min(1).default(400),
    SANDBOX_EVM_BLOCK_TIME: z.coerce.number().int().min(0).default(1),
    FAUCET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    /** Payment starts per client address per minute (each creates a transaction the watcher follows). */
    PAY_START_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** Invoice PDFs one client address may fetch per minute on the payments origin (each new version is drawn in a worker). */
    INVOICE_PDF_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** Memory for drawn invoice PDFs, by content hash (MB); a version is drawn again only once pushed out. */
    INVOICE_PDF_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
    /** Unpaid, unexpired payments one client address may have at once (each is watched on chain). */
    PAY_PENDING_PER_CLIENT: z.coerce.number().int().min(1).default(20),
    /** Unpaid, unexpired payments one payment link may have at once. */
    PAY_PENDING_PER_LINK: z.coerce.number().int().min(1).default(500),
    /** Unpaid, unexpired payments the whole instance accepts at once. */
    PAY_PENDING_TOTAL: z.coerce.number().int().min(1).default(20_000),
    /** How often the payment watchers poll besides their WebSocket subscriptions (ms). */
    WATCHER_POLL_MS: z.coerce.number().int().min(50).default(2000),
    /** The polling period an old pending payment backs off to (young ones use WATCHER_POLL_MS). */
    WATCHER_MAX_POLL_MS: z.coerce.number().int().min(50).default(60_000),
    /** RPC checks a watcher runs at once, however many payments are pending. */
    WATCHER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    /** How often a process that does not lead a chain's watcher tries to take over (ms). */
    WATCHER_LEADER_RETRY_MS: z.coerce.number().int().min(50).default(3000),
    /** How long a payer has to pay once started; a later payment is still recorded, marked late. */
    PAYMENT_TTL_MS: z.coerce.number().int().min(1000).default(30 * 60_000),
    /** How long a paid (confirmed) payment may wait for finality before it fails `not_finalized`. */
    FINALITY_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10 * 60_000),
    /** EVM: blocks below the head a payment's log must be to count as final, on a chain whose node has no `finalized` block tag (chains with one use it). */
    EVM_FINALITY_DEPTH: z.coerce.number().int().min(1).default(64),
    /** EVM: how long a paid payment may wait for its chain's finality before it fails `not_finalized` (Ethereum finalizes in ~13 min). */
    EVM_FINALITY_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30 * 60_000),
    /** How often every merchant's receiving token account is read for money no payment claimed. */
    UNMAPPED_SCAN_MS: z.coerce.number().int().min(1000).default(60_000),
    /** How often open refunds (requested or sent) are looked for on chain, whether or not the merchant's browser reports back. */
    REFUND_WATCH_MS: z.coerce.number().int().min(100).default(15_000),
    /** How long a refund may stay requested with nothing sent before it fails and its amount is refundable again. */
    REFUND_EXPIRY_MS: z.coerce.number().int().min(1000).default(30 * 60_000),
    /**
     * SIGTERM/SIGINT: how long a clean stop may take (HTTP requests in flight answered, keep-alive
     * clients sent away, jobs drained, database closed) before the process gives up and exits 1 (ms).
     */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
    /** Sandbox only: let webhooks go to loopback (127.0.0.0/8, ::1), for local receivers and tests. */
    WEBHOOK_ALLOW_LOOPBACK: z.stringbool().default(false),
    /**
     * Sandbox only, off by default: a signed-in merchant may grant themself the operator pages
     * (`admin_stats`, every merchant's figures) through POST /api/sandbox/grant-admin, for journeys
     * on the embedded database, which the admin CLI can't open while the server runs.
     */
    SANDBOX_ADMIN_GRANT: z.stringbool().default(false),
    SANDBOX_FIAT_RATES: z.string().default("EUR=1.08,GBP=1.27,CHF=1.13,CAD=0.73,AUD=0.66,JPY=0.0067,INR=0.012"),
    /** Sandbox only: USD per SOL for the dashboard's wallet total (no price service is asked). */
    SANDBOX_SOL_USD: z.string().regex(/^\d+(\.\d+)?$/).default("150"),
    PRICE_SERVICE_URL: z.url().default("https://api.coingecko.com/api/v3"),
    /** Production swaps (pay with any Solana token): Jupiter's Swap API, `{base}/quote` and `{base}/swap-instructions`. */
    JUPITER_API_URL: z.url().default("https://api.jup.ag/swap/v1"),
    /** How long a swap quote holds for the payer before the page asks for a fresh one (seconds). */
    SWAP_QUOTE_TTL_SECONDS: z.coerce.number().int().min(5).max(120).default(30),
    /** Most the paid token may exceed the quote on chain, in basis points (a swap beyond it fails and nothing is credited). */
    SWAP_SLIPPAGE_BPS: z.coerce.number().int().min(0).max(1000).default(50),
    /** Sandbox only: USD per unit of each token the local market maker takes in a swap ("SOL=150,USDT=1"). */
    SANDBOX_SWAP_PRICES: z
      .string()
      .regex(/^[A-Z0-9]+=\d+(\.\d+)?(,[A-Z0-9]+=\d+(\.\d+)?)*$/, "SYMBOL=price pairs separated by commas")
      .default("SOL=150,USDT=1"),
    EVM_RPC_URLS: z.preprocess(emptyToUndefined, z.string().optional()),
    /** zpay's route factory per configured EVM chain ("chainId=0xaddress,..."): non-custodial merchants can attach a wallet only on chains listed here. The sandbox's local chains deploy their own. */
    EVM_ROUTE_FACTORIES: z.preprocess(emptyToUndefined, z.string().optional()),
    /** Request Network's ERC20FeeProxy per EVM chain ("chainId=0xaddress,..."), for chains its package does not list (a local anvil, a new network). */
    EVM_FEE_PROXIES: z.preprocess(emptyToUndefined, z.string().optional()),
    /** Stablecoins per EVM chain ("chainId:USDC=0xaddress:6,..."), for chains zpay has no built-in list for, or to replace one. */
    EVM_TOKENS: z.preprocess(emptyToUndefined, z.string().optional()),
    /**
     * SPEC §6 restricted networks: chain ids (comma-separated, e.g. `-5000,137`) the wallet dialog
     * offers and the wallet API accepts, for every merchant whose own `restrictUserToChains` is
     * empty (a merchant's list overrides this one). Empty (the default): every chain the instance runs.
     */
    RESTRICTED_NETWORKS: z.preprocess(
      (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : (v ?? [])),
      z.array(z.coerce.number().int().refine((n) => n !== 0, "not a chain id")),
    ),
    /** WalletConnect Cloud project id: with it the pay page offers WalletConnect to EVM payers (phones, desktop apps). */
    WALLETCONNECT_PROJECT_ID: z.preprocess(emptyToUndefined, z.string().trim().regex(/^[A-Za-z0-9]{8,64}$/, "a WalletConnect project id (letters and digits)").optional()),
    /** SMTP server e-mail goes through (`smtp://user:pass@host:587`, `smtps://…:465`). Sandbox without it: the embedded sandbox mailbox. */
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .url()
        .refine((v) => /^smtps?:\/\//i.test(v), "an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587")
        .optional(),
    ),
    /** Sandbox without SMTP_URL: the embedded SMTP server's port on 127.0.0.1 (0: a free port chosen at start). */
    SANDBOX_SMTP_PORT: port(0),
    /** The From of every e-mail; default "<BRAND_NAME> <no-reply@localhost>". */
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().trim().regex(/^[^\r\n]+$/, "one line, e.g. Shop <billing@shop.example>").optional()),
    /** The operator's address: told of every new production-access request (unset: the admin page alone lists them). */
    OPERATOR_EMAIL: z.preprocess(emptyToUndefined, z.email("an e-mail address, e.g. ops@shop.example").optional()),
    /**
     * Caps on the mails a merchant makes the server send to other people (zRequest create, update,
     * reminder). "Verified": the merchant's e-mail address is the one a verification link proved
     * (Settings › Notifications); every other account gets the UNVERIFIED caps.
     */
    MAIL_MERCHANT_HOURLY_CAP: z.coerce.number().int().min(1).default(60),
    MAIL_MERCHANT_DAILY_CAP: z.coerce.number().int().min(1).default(300),
    /** Mails one merchant may send to one address a day. */
    MAIL_RECIPIENT_DAILY_CAP: z.coerce.number().int().min(1).default(5),
    MAIL_UNVERIFIED_HOURLY_CAP: z.coerce.number().int().min(1).default(10),
    MAIL_UNVERIFIED_DAILY_CAP: z.coerce.number().int().min(1).default(20),
    MAIL_UNVERIFIED_RECIPIENT_DAILY_CAP: z.coerce.number().int().min(1).default(3),
    /** Images (item images and logos) one merchant may keep, and their total size in bytes (after re-encoding). */
    UPLOAD_QUOTA_COUNT: z.coerce.number().int().min(1).default(200),
    UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
    /** Image uploads one merchant may make per hour. */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** How long an upload nothing uses is kept before the hourly prune deletes it (hours). */
    UPLOAD_UNUSED_GRACE_HOURS: z.coerce.number().min(1).default(24),
  })
  .superRefine((env, ctx) => {
    if (env.ZPAY_MODE !== "production") return;
    if (env.WEBHOOK_ALLOW_LOOPBACK)
      ctx.addIssue({ code: "custom", path: ["WEBHOOK_ALLOW_LOOPBACK"], message: "webhooks may not go to loopback in production mode" });
    if (env.SANDBOX_ADMIN_GRANT)
      ctx.addIssue({ code: "custom", path: ["SANDBOX_ADMIN_GRANT"], message: "operators are granted with npm run admin in production mode" });
    if (!env.DATABASE_URL)
      ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "production mode needs a PostgreSQL DATABASE_URL" });
    if (!env.SOLANA_RPC_URL)
      ctx.addIssue({ code: "custom", path: ["SOLANA_RPC_URL"], message: "production mode needs a mainnet Solana RPC URL" });
    if (!env.EVM_RPC_URLS)
      ctx.addIssue({ code: "custom", path: ["EVM_RPC_URLS"], message: "production mode needs EVM RPC URLs (chainId=url,...)" });
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

/** @throws {EnvError} listing every invalid or missing setting. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** Public origins, derived from the ports unless set explicitly (behind a proxy). */
export function origins(env: Env): { app: string; payments: string } {
  return {
    app: env.APP_ORIGIN ?? `http://localhost:${env.APP_PORT}`,
    payments: env.PAYMENTS_ORIGIN ?? `http://localhost:${env.PAYMENTS_PORT}`,
  };
}
