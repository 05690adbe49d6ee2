const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID (any version): ids from a URL are checked before they reach a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
