/** A merchant's production-access request as the admin page lists it (GET /api/admin/production-requests). */
export interface ProductionRequestDto {
  userId: string;
  /** The merchant's wallet. */
  publicKey: string;
  /** Where the grant's next steps go; null: the merchant can't be told by mail. */
  email: string | null;
  requestedAt: string;
  grantedAt: string | null;
  status: "pending" | "granted";
}

/** POST /api/admin/production-requests/{userId}/grant. */
export interface ProductionGrantDto {
  data: ProductionRequestDto;
  /** The merchant was e-mailed the next steps. */
  mailed: boolean;
  /** It was granted before: nothing changed, nothing sent. */
  alreadyGranted: boolean;
}
