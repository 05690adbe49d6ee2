import { AccountLayout, MintLayout, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { Keypair } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { readMint, readTokenAccount, uiAmountString, uiTokenAmount } from "./token-layout";

describe("token layouts", () => {
  it("formats amounts like agave (trimmed, no floats in the string)", () => {
    expect(uiAmountString(0n, 6)).toBe("0");
    expect(uiAmountString(1n, 6)).toBe("0.000001");
    expect(uiAmountString(1_500_000n, 6)).toBe("1.5");
    expect(uiAmountString(12_000_000n, 6)).toBe("12");
    expect(uiAmountString(123n, 0)).toBe("123");
    expect(uiTokenAmount(18_446_744_073_709_551_615n, 6)).toMatchObject({ amount: "18446744073709551615", uiAmountString: "18446744073709.551615" });
  });

  it("reads token accounts and mints written by spl-token's own layouts", () => {
    const [mint, owner, delegate] = [Keypair.generate().publicKey, Keypair.generate().publicKey, Keypair.generate().publicKey];
    const data = Buffer.alloc(AccountLayout.span);
    AccountLayout.encode(
      { mint, owner, amount: 77n, delegateOption: 1, delegate, state: 1, isNativeOption: 0, isNative: 0n, delegatedAmount: 5n, closeAuthorityOption: 0, closeAuthority: owner },
      data,
    );
    const account = { lamports: 1n, owner: TOKEN_PROGRAM_ID.toBase58(), executable: false, data };
    expect(readTokenAccount(account)).toEqual({
      mint: mint.toBase58(),
      owner: owner.toBase58(),
      amount: 77n,
      delegate: delegate.toBase58(),
      state: "initialized",
      isNative: null,
      delegatedAmount: 5n,
      closeAuthority: null,
    });
    expect(readMint(account)).toBeUndefined();

    const mintData = Buffer.alloc(MintLayout.span);
    MintLayout.encode({ mintAuthorityOption: 1, mintAuthority: owner, supply: 10n, decimals: 6, isInitialized: true, freezeAuthorityOption: 0, freezeAuthority: owner }, mintData);
    expect(readMint({ ...account, data: mintData })).toEqual({ mintAuthority: owner.toBase58(), supply: 10n, decimals: 6, isInitialized: true, freezeAuthority: null });
    expect(readTokenAccount({ ...account, owner: "11111111111111111111111111111111" })).toBeUndefined();
  });
});
