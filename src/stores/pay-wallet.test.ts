import { describe, expect, it } from "vitest";
import { installMemoryEngine } from "./testing/memory-engine";
import { memoryStorage } from "./testing/memory-storage";
import { PAY_WALLET_STORAGE_KEY, persistentRememberedWallet } from "./pay-wallet";

describe("remembered pay wallet", () => {
  it("reads the name wallet-adapter kept as JSON", () => {
    installMemoryEngine({ local: memoryStorage({ [PAY_WALLET_STORAGE_KEY]: JSON.stringify("Phantom") }) });
    expect(persistentRememberedWallet().get()).toBe("Phantom");
  });

  it.each([["nothing kept", undefined], ["unreadable JSON", "Phantom"], ["not a name", "42"]])("reads %s as no wallet", (_label, raw) => {
    installMemoryEngine({ local: memoryStorage(raw === undefined ? {} : { [PAY_WALLET_STORAGE_KEY]: raw }) });
    expect(persistentRememberedWallet().get()).toBeNull();
  });
});
