-- Who holds a receiving address is looked up on every attach (a typed-in address another merchant holds is refused) and when an inflow is mapped. Not unique: instances where merchants already share an address keep working; the ownership rule decides who gets its inflows.
CREATE INDEX "merchant_wallets_family_address_lower_idx" ON "merchant_wallets" USING btree ("family",lower("address"));--> statement-breakpoint
CREATE INDEX "merchant_wallets_route_lower_idx" ON "merchant_wallets" USING btree (lower("route_address")) WHERE "merchant_wallets"."route_address" is not null;--> statement-breakpoint
CREATE INDEX "retired_routes_route_lower_idx" ON "retired_routes" USING btree (lower("route_address"));
