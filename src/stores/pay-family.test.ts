import { describe, expect, it } from "vitest";
import { installMemoryEngine } from "./testing/memory-engine";
import { memoryStorage } from "./testing/memory-storage";
import { EVM_RECENT_WALLET_KEY, PAY_FAMILY_STORAGE_KEY, persistentPayFamily, persistentRememberedEvmWallet } from "./pay-family";

describe("pay family store", () => {
  it("keeps the family the payer picked, as its bare name", () => {
    const local = memoryStorage();
    installMemoryEngine({ local });
    persistentPayFamily().set("evm");
    expect(local.getItem(PAY_FAMILY_STORAGE_KEY)).toBe("evm");
    expect(persistentPayFamily().get()).toBe("evm");
  });

  it("reads nothing or an unknown family as none", () => {
    installMemoryEngine({ local: memoryStorage({ [PAY_FAMILY_STORAGE_KEY]: "near" }) });
    expect(persistentPayFamily().get()).toBeNull();
    installMemoryEngine({ local: memoryStorage() });
    expect(persistentPayFamily().get()).toBeNull();
  });
});

describe("remembered EVM wallet", () => {
  it("reads the connector id wagmi kept as JSON", () => {
    installMemoryEngine({ local: memoryStorage({ [EVM_RECENT_WALLET_KEY]: JSON.stringify("io.metamask") }) });
    expect(persistentRememberedEvmWallet().get()).toBe("io.metamask");
  });

  it.each([["nothing kept", undefined], ["unreadable JSON", "io.metamask"], ["an empty id", '""']])("reads %s as no wallet", (_label, raw) => {
    installMemoryEngine({ local: memoryStorage(raw === undefined ? {} : { [EVM_RECENT_WALLET_KEY]: raw }) });
    expect(persistentRememberedEvmWallet().get()).toBeNull();
  });
});
