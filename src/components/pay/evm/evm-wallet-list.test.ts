import { describe, expect, it } from "vitest";
import { evmWalletList } from "./evm-wallet-list";

const injected = { id: "injected", name: "Injected", type: "injected" };
const coinbase = { id: "coinbaseWalletSDK", name: "Coinbase Wallet", type: "coinbaseWallet" };
const walletConnect = { id: "walletConnect", name: "WalletConnect", type: "walletConnect" };
const rabby = { id: "io.rabby", name: "Rabby Wallet", type: "injected", icon: "data:image/svg+xml,r" };
const metaMask = { id: "io.metamask", name: "MetaMask", type: "injected", icon: "data:image/svg+xml,m" };

describe("EVM wallet list", () => {
  it("lists every announced EIP-6963 wallet by name and icon, then WalletConnect, then Coinbase Wallet", () => {
    const list = evmWalletList([injected, coinbase, walletConnect, metaMask, rabby], true);
    expect(list.map((w) => w.name)).toEqual(["MetaMask", "Rabby Wallet", "WalletConnect", "Coinbase Wallet"]);
    expect(list[0]).toEqual({ id: "io.metamask", name: "MetaMask", icon: "data:image/svg+xml,m", kind: "browser" });
  });

  it("offers the plain injected wallet only when nothing announced itself and window.ethereum exists", () => {
    expect(evmWalletList([injected, coinbase], true).map((w) => w.id)).toEqual(["injected", "coinbaseWalletSDK"]);
    expect(evmWalletList([injected, coinbase], false).map((w) => w.id)).toEqual(["coinbaseWalletSDK"]);
  });

  it("leaves WalletConnect out when the instance has no project id (no connector)", () => {
    expect(evmWalletList([injected, coinbase, metaMask], true).some((w) => w.kind === "walletconnect")).toBe(false);
  });
});
