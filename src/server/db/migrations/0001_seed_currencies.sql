-- Billing currencies offered to merchants (SPEC §3: billingCurrency, default USD).
INSERT INTO "fiat_currencies" ("code", "name") VALUES
  ('USD', 'US Dollar'),
  ('EUR', 'Euro'),
  ('GBP', 'British Pound'),
  ('CAD', 'Canadian Dollar'),
  ('AUD', 'Australian Dollar'),
  ('CHF', 'Swiss Franc'),
  ('JPY', 'Japanese Yen'),
  ('INR', 'Indian Rupee'),
  ('SGD', 'Singapore Dollar'),
  ('AED', 'UAE Dirham'),
  ('BRL', 'Brazilian Real'),
  ('MXN', 'Mexican Peso'),
  ('NGN', 'Nigerian Naira'),
  ('ZAR', 'South African Rand'),
  ('XOF', 'West African CFA Franc')
ON CONFLICT ("code") DO NOTHING;
