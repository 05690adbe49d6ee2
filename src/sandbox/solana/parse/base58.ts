const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));

/**
 * Base58 (Bitcoin alphabet), returning a flat string. bs58 builds its output one character at a
 * time, which leaves V8 rope strings of ~1.4 KB for a 44-character address; the recorder keeps
 * tens of them per transaction, so keys are encoded here instead.
 */
export function base58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const size = Math.floor(((bytes.length - zeros) * 138) / 100) + 1;
  const digits = new Uint8Array(size);
  let length = 0;
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    let j = 0;
    for (let k = size - 1; (carry !== 0 || j < length) && k >= 0; k--, j++) {
      carry += 256 * digits[k]!;
      digits[k] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    length = j;
  }
  let start = size - length;
  while (start < size && digits[start] === 0) start++;
  const codes = new Array<number>(zeros + size - start);
  codes.fill(CODES[0]!, 0, zeros);
  for (let i = zeros; start < size; i++, start++) codes[i] = CODES[digits[start]!]!;
  return String.fromCharCode(...codes);
}
