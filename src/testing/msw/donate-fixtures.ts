/** Story data for the donation screens: pages with their totals, and donations with donors' notes. */
import type { DonateDto, DonationDto } from "@/lib/donate";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import { STORY_HASH, STORY_PAYER, STORY_USER_ID, completedPayment } from "./fixtures";

function page(overrides: Partial<DonateDto> & Pick<DonateDto, "_id" | "hashedId" | "label">): DonateDto {
  return {
    user: STORY_USER_ID,
    desc: "",
    site: null,
    currency: "USD",
    useFiat: true,
    suggestedAmounts: ["5", "10", "25"],
    userCurrency: "USD",
    enabled: true,
    createdAt: "2026-11-04T09:30:00.000Z",
    updatedAt: "2026-11-04T09:30:00.000Z",
    updateUrl: `/donates/update/${overrides._id}`,
    donationsCount: 0,
    raised: [],
    ...overrides,
  };
}

/** Newest first, as the API lists them: one with donations in two tokens, a new one, a disabled one. */
export const sampleDonates: DonateDto[] = [
  page({
    _id: "d1",
    hashedId: "Dn4tE7kQw2Xp",
    label: "Winter shelter fund",
    desc: "Food and heating for the winter",
    site: "https://shelter.example.org",
    donationsCount: 3,
    raised: [
      { token: "USDC", decimals: 6, value: "35500000" },
      { token: "USDT", decimals: 6, value: "5000000" },
    ],
  }),
  page({ _id: "d2", hashedId: "Tp8jR3mZa6Lc", label: "Tip jar", currency: "USDC", useFiat: false, suggestedAmounts: ["1", "2.5", "5", "10", "20", "50"], createdAt: "2026-11-02T16:00:00.000Z" }),
  page({ _id: "d3", hashedId: "Ol9dC1vBn5Hs", label: "Summer fundraiser", createdAt: "2026-10-20T08:15:00.000Z", enabled: false, updateUrl: null, donationsCount: 1, raised: [{ token: "USDC", decimals: 6, value: "10000000" }] }),
];

function donation(id: string, at: string, price: string, value: string, donor: { name?: string; message?: string }, payment: Partial<PaymentInfoDto> = {}): DonationDto {
  const info: PaymentInfoDto = {
    ...completedPayment,
    _id: id,
    type: "donate",
    requestedAmount: { value, decimals: 6, currency: "USDC" },
    recievedAmount: { value, decimals: 6, currency: "USDC" },
    hash: STORY_HASH,
    payer: STORY_PAYER,
    lockedAt: at,
    paidAt: at,
    validatedAt: at,
    productInfo: { price, currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: "USDC" },
    ...payment,
  };
  return {
    _id: id,
    date: at,
    price,
    currency: "USD",
    amount: info.recievedAmount ?? info.requestedAmount,
    donorName: donor.name ?? null,
    message: donor.message ?? null,
    status: info.status,
    paymentInfo: info,
  };
}

/** The first page's donations, newest first: one still on its way, two with notes, one anonymous. */
export const sampleDonations: Record<string, DonationDto[]> = {
  d1: [
    donation("t4", "2026-11-05T11:00:00.000Z", "7", "7000000", { name: "Bo" }, { status: "paid", validatedAt: null }),
    donation("t3", "2026-11-04T18:20:00.000Z", "25", "25000000", { name: "Ana Lima", message: "Keep up the great work — see you at the shelter on Sunday!" }),
    donation("t2", "2026-11-04T12:05:00.000Z", "5", "5000000", { message: "Merci !" }, { recievedAmount: { value: "5000000", decimals: 6, currency: "USDT" } }),
    donation("t1", "2026-11-04T10:00:00.000Z", "10.5", "10500000", {}),
  ],
};
