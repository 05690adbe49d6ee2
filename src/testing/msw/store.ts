/**
 * The story server's memory: the merchant account, its session, zLinks and wallets, and every
 * request the handlers answered. Reset before each story (.storybook/preview.tsx) from the
 * story's `parameters.serverData`, so no story sees another's changes.
 */
import { SOLANA_DEVNET } from "@/lib/chains";
import type { ReceivingWalletDto } from "@/lib/receiving-wallets";
import type { CollectDto } from "@/lib/collect";
import type { QuickPayDto } from "@/lib/zlink";
import type { DonateDto, DonationDto } from "@/lib/donate";
import type { CatalogItemDto, CheckoutDto } from "@/lib/cart";
import type { OpenPaymentDto, UnmappedInflowDto } from "@/lib/unmapped";
import type { PointsDto } from "@/lib/points";
import type { OrderDto } from "@/lib/order-types";
import type { ReferralDto } from "@/lib/referral";
import type { DashboardDto, WalletBalancesDto } from "@/lib/dashboard";
import type { IntegrationSettingsDto, WebhookDeliveryDto } from "@/lib/webhook-settings";
import type { NotificationSettingsDto } from "@/lib/notifications";
import type { AdminStatsDto, AdminUnmappedInflowDto, BillingRowDto } from "@/lib/admin-stats";
import type { ProfileDto } from "@/lib/profile";
import type { ProductionRequestDto } from "@/lib/production-access";
import { storyEmptyProfile } from "./profile-fixtures";
import type { ZapiSecretStatus } from "@/lib/zapi";
import { STORY_NOW, STORY_TOKEN, storyMerchant, type StoryMerchant } from "./fixtures";

/** A merchant's API secret made on STORY_NOW, with no previous one in its grace period. */
export const STORY_ZAPI_SECRET: ZapiSecretStatus = { exists: true, hint: "Qx7w", createdAt: STORY_NOW, legacy: false, previous: null };

/** What a story starts the server with (`parameters.serverData`); anything left out is empty. */
export interface StoryServerData {
  /** The account the server knows (default: the story merchant). */
  merchant?: StoryMerchant;
  links?: QuickPayDto[];
  /** zRequests (./collect-handlers.ts). */
  collects?: CollectDto[];
  /** Donation pages, and each page's donations by page id, newest first. */
  donates?: DonateDto[];
  donations?: Record<string, DonationDto[]>;
  wallets?: ReceivingWalletDto[];
  /** Addresses another merchant already receives at: typing one in is refused (`address_held_elsewhere`), signing for it is not. */
  heldElsewhere?: string[];
  /** zCart: catalogue items and checkouts (src/testing/msw/cart-handlers.ts). */
  catalog?: CatalogItemDto[];
  checkouts?: CheckoutDto[];
  /** Unmapped inflows and the open payments they may be mapped to (./unmapped-handlers.ts). */
  unmapped?: UnmappedInflowDto[];
  openPayments?: OpenPaymentDto[];
  /** Orders (GET /transactions, ./order-handlers.ts), newest first. */
  orders?: OrderDto[];
  /** Points totals (./rewards-handlers.ts; zero when left out) and referrals, newest first. */
  points?: Partial<PointsDto>;
  referrals?: ReferralDto[];
  /** The chain this instance receives payments on (default: Solana Devnet, as in sandbox). */
  chain?: number;
  /** Every chain offered to the merchant in the wallet dialog, in order (default: just `chain`). */
  offeredChains?: number[];
  /** Payments the merchant may refund, by payment id (./refund-handlers.ts). */
  refundables?: Record<string, StoryRefundable>;
  /** GET /api/dashboard and /api/dashboard/balances (default: never paid, zero balances). */
  dashboard?: DashboardDto;
  balances?: WalletBalancesDto;
  /** Settings → Security and Notifications (./notify-handlers.ts): integration settings, webhook deliveries (newest first), e-mail notifications. */
  integration?: Partial<IntegrationSettingsDto>;
  deliveries?: WebhookDeliveryDto[];
  notifications?: NotificationSettingsDto;
  /** Operator pages (./admin-handlers.ts): statistics answered for any range, every merchant's inflows, billing rows. */
  adminStats?: AdminStatsDto;
  adminInflows?: AdminUnmappedInflowDto[];
  billing?: BillingRowDto[];
  /** Production-access requests the admin page lists and grants (./admin-handlers.ts), newest first. */
  productionRequests?: ProductionRequestDto[];
  /** GET /api/profile (default: nothing filled in, USD). */
  profile?: ProfileDto;
  /** The API secret GET /api/integrations shows (./api-keys-handlers.ts); `staleSignIn`: the server wants a fresh sign-in before any answer holding it (GET, save, regenerate). */
  apiSecret?: string;
  /** The API secret's status GET /api/zapi/secret answers (./api-keys-handlers.ts); by default one made on STORY_NOW. */
  zapiSecret?: ZapiSecretStatus;
  staleSignIn?: boolean;
}

/** A payment as the refund routes see it: what arrived, what was refunded, the wallet's balance (null: unknown). */
export interface StoryRefundable {
  received: string;
  refunded: string;
  balance: string | null;
  decimals: number;
  token: string;
  /** The money sits in the merchant's route contract (default: a Solana wallet). */
  via?: "transfer" | "route";
  /** Base units of earlier refunds that failed but may still land (the dialog warns); none by default. */
  mayStillArrive?: string;
  /**
   * The wallets whose money arrived, what each sent and what was refunded to it (default: one
   * payer, STORY_PAYER, who sent all of it). A refund to one is never more than it sent.
   */
  senders?: { address: string; sent: string; refunded?: string }[];
}

/** One request as it reached the story server: method, path under the origin, parsed JSON body. */
export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

class StoryServer {
  merchant: StoryMerchant = storyMerchant();
  /** The live session's bearer token, or null when nobody is signed in. */
  token: string | null = null;
  links: QuickPayDto[] = [];
  collects: CollectDto[] = [];
  donates: DonateDto[] = [];
  donations: Record<string, DonationDto[]> = {};
  wallets: ReceivingWalletDto[] = [];
  heldElsewhere: string[] = [];
  catalog: CatalogItemDto[] = [];
  checkouts: CheckoutDto[] = [];
  unmapped: UnmappedInflowDto[] = [];
  openPayments: OpenPaymentDto[] = [];
  refundables: Record<string, StoryRefundable> = {};
  orders: OrderDto[] = [];
  points: Partial<PointsDto> = {};
  referrals: ReferralDto[] = [];
  chain = SOLANA_DEVNET;
  /** Chains offered to the merchant (after restrictions), in the instance's order. */
  offeredChains: number[] = [SOLANA_DEVNET];
  dashboard: DashboardDto | undefined;
  balances: WalletBalancesDto | undefined;
  integration: Partial<IntegrationSettingsDto> = {};
  deliveries: WebhookDeliveryDto[] = [];
  notifications: NotificationSettingsDto = { notificationEnabled: false, email: null, emailVerified: false };
  adminStats: AdminStatsDto | undefined;
  adminInflows: AdminUnmappedInflowDto[] = [];
  billing: BillingRowDto[] = [];
  productionRequests: ProductionRequestDto[] = [];
  profile: ProfileDto = storyEmptyProfile;
  apiSecret = "";
  zapiSecret: ZapiSecretStatus = STORY_ZAPI_SECRET;
  staleSignIn = false;
  /** Wallet-proof challenges handed out and not used yet, by nonce. */
  readonly proofNonces = new Map<string, { chain: number; address: string }>();
  /** Edit keys (`_key`) per zLink id: each save bumps it, as the server's row version does. */
  readonly versions = new Map<string, number>();
  /** Sign-in nonces handed out, by wallet public key. */
  readonly nonces = new Map<string, string>();
  readonly requests: RecordedRequest[] = [];
  private nextId = 1;

  /** Forgets everything, then copies the story's data (copies, so a story never edits the fixtures). */
  reset(data: StoryServerData = {}): void {
    this.merchant = structuredClone(data.merchant ?? storyMerchant());
    this.token = null;
    this.links = structuredClone(data.links ?? []);
    this.collects = structuredClone(data.collects ?? []);
    this.donates = structuredClone(data.donates ?? []);
    this.donations = structuredClone(data.donations ?? {});
    this.wallets = structuredClone(data.wallets ?? []);
    this.heldElsewhere = [...(data.heldElsewhere ?? [])];
    this.catalog = structuredClone(data.catalog ?? []);
    this.checkouts = structuredClone(data.checkouts ?? []);
    this.unmapped = structuredClone(data.unmapped ?? []);
    this.openPayments = structuredClone(data.openPayments ?? []);
    this.refundables = structuredClone(data.refundables ?? {});
    this.orders = structuredClone(data.orders ?? []);
    this.points = structuredClone(data.points ?? {});
    this.referrals = structuredClone(data.referrals ?? []);
    this.chain = data.chain ?? SOLANA_DEVNET;
    this.offeredChains = [...(data.offeredChains ?? [this.chain])];
    this.dashboard = structuredClone(data.dashboard);
    this.balances = structuredClone(data.balances);
    this.integration = structuredClone(data.integration ?? {});
    this.deliveries = structuredClone(data.deliveries ?? []);
    this.notifications = structuredClone(data.notifications ?? { notificationEnabled: false, email: null, emailVerified: false });
    this.adminStats = structuredClone(data.adminStats);
    this.adminInflows = structuredClone(data.adminInflows ?? []);
    this.billing = structuredClone(data.billing ?? []);
    this.productionRequests = structuredClone(data.productionRequests ?? []);
    this.profile = structuredClone(data.profile ?? { ...storyEmptyProfile, billingCurrency: this.merchant.billingCurrency ?? "USD" });
    this.apiSecret = data.apiSecret ?? "whsec_c3Rvcnktc2VjcmV0LW9mLXRoZS1tZXJjaGFudC0wMQ==";
    this.zapiSecret = structuredClone(data.zapiSecret ?? STORY_ZAPI_SECRET);
    this.staleSignIn = data.staleSignIn ?? false;
    this.proofNonces.clear();
    this.versions.clear();
    this.nonces.clear();
    this.requests.length = 0;
    this.nextId = 1;
  }

  /** Opens a session for `merchant` (the account becomes them) and returns its bearer token. */
  signIn(merchant: StoryMerchant = this.merchant): string {
    this.merchant = structuredClone(merchant);
    this.token = STORY_TOKEN;
    return this.token;
  }

  signOut(): void {
    this.token = null;
  }

  /** A fresh id for a created row, unique within the story. */
  newId(prefix: string): string {
    return `${prefix}${this.nextId++}`;
  }

  /** The zLink's current edit key. */
  editKey(id: string): string {
    return String(this.versions.get(id) ?? 1);
  }

  bumpEditKey(id: string): void {
    this.versions.set(id, Number(this.editKey(id)) + 1);
  }

  /** The JSON bodies sent with this method to this path (query string included), oldest first. */
  bodiesSentTo(method: string, path: string): unknown[] {
    return this.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body);
  }
}

/** The one story server the handlers answer from. */
export const storyServer = new StoryServer();
