import { describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { parseURL, type TransferRequestURL } from "@solana/pay";
import { solanaPayUrl } from "./solana-pay-url";

const key = () => Keypair.generate().publicKey.toBase58();

describe("solanaPayUrl", () => {
  it("encodes recipient, exact amount, token, reference, memo and labels so @solana/pay reads them back", () => {
    const info = { recipient: key(), tokenAddress: key(), amountWei: "13500001", decimals: 6, reference: key(), memo: "zpay:Ab12Cd34" };
    const url = solanaPayUrl(info, { label: "Bean & Co", message: "Coffee beans, 1 kg" });
    expect(url.startsWith(`solana:${info.recipient}?`)).toBe(true);
    const parsed = parseURL(url) as TransferRequestURL;
    expect(parsed.recipient.toBase58()).toBe(info.recipient);
    expect(parsed.amount?.toFixed()).toBe("13.500001");
    expect(parsed.splToken?.toBase58()).toBe(info.tokenAddress);
    expect(parsed.reference?.map((r) => r.toBase58())).toEqual([info.reference]);
    expect(parsed).toMatchObject({ memo: info.memo, label: "Bean & Co", message: "Coffee beans, 1 kg" });
  });

  it("leaves out an empty memo and a missing message", () => {
    const url = solanaPayUrl({ recipient: key(), tokenAddress: key(), amountWei: "2000000", decimals: 6, reference: key(), memo: "" }, { label: "Shop" });
    expect(url).not.toMatch(/memo=|message=/);
    expect(url).toMatch(/amount=2(&|$)/);
  });

  it("refuses an address that is not a public key", () => {
    expect(() => solanaPayUrl({ recipient: "nope", tokenAddress: key(), amountWei: "1", decimals: 6, reference: key(), memo: "" }, { label: "Shop" })).toThrow();
  });
});
