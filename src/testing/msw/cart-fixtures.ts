/** zCart story data: a small catalogue (one item with a picture) and checkouts in each state. */
import type { CatalogItemDto, CheckoutDto } from "@/lib/cart";
import { STORY_USER_ID, completedPayment } from "./fixtures";

/** A plain drawn mug, so stories show a picture without a network request. */
export const MUG_IMAGE =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e0e7ff"/><rect x="16" y="18" width="26" height="32" rx="4" fill="#4f46e5"/><path d="M42 26h6a6 6 0 0 1 0 12h-6" fill="none" stroke="#4f46e5" stroke-width="4"/></svg>',
  );

export function catalogItem(overrides: Partial<CatalogItemDto> & Pick<CatalogItemDto, "_id" | "name" | "price">): CatalogItemDto {
  return {
    user: STORY_USER_ID,
    description: "",
    currency: "USD",
    useFiat: true,
    priceBaseUnits: null,
    imageId: null,
    imageUrl: null,
    enabled: true,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export const sampleCatalog: CatalogItemDto[] = [
  catalogItem({ _id: "i1", name: "Coffee mug", description: "Stoneware, 350 ml", price: "12.5", imageId: "u1", imageUrl: MUG_IMAGE, createdAt: "2026-11-03T10:00:00.000Z" }),
  catalogItem({ _id: "i2", name: "Organic tee", price: "20", createdAt: "2026-11-02T10:00:00.000Z" }),
  catalogItem({ _id: "i3", name: "Sticker pack", price: "0.5", currency: "USDC", useFiat: false, priceBaseUnits: "500000", createdAt: "2026-11-01T10:00:00.000Z" }),
  catalogItem({ _id: "i4", name: "Old poster", price: "8", enabled: false, createdAt: "2026-10-20T10:00:00.000Z" }),
];

export function checkout(overrides: Partial<CheckoutDto> & Pick<CheckoutDto, "_id" | "hashedId" | "label">): CheckoutDto {
  return {
    user: STORY_USER_ID,
    desc: "",
    lines: [
      { itemId: "i1", name: "Coffee mug", unitPrice: "12.5", quantity: 2, imageUrl: MUG_IMAGE, enabled: true },
      { itemId: "i2", name: "Organic tee", unitPrice: "20", quantity: 1, imageUrl: null, enabled: true },
    ],
    quantitiesEditable: true,
    price: "45",
    amount: "45",
    currency: "USD",
    useFiat: true,
    userCurrency: "USD",
    enabled: true,
    createdAt: "2026-11-04T09:30:00.000Z",
    updatedAt: "2026-11-04T09:30:00.000Z",
    updateUrl: `/products/update/${overrides._id}`,
    paymentInfo: null,
    ...overrides,
  };
}

export const sampleCheckouts: CheckoutDto[] = [
  checkout({ _id: "c1", hashedId: "Cart7Hq2kZr9", label: "Breakfast set" }),
  checkout({
    _id: "c2",
    hashedId: "Cart3fGtYw8L",
    label: "Two mugs",
    price: "25",
    amount: "25",
    quantitiesEditable: false,
    createdAt: "2026-11-02T08:00:00.000Z",
    paymentInfo: { ...completedPayment, type: "product", orderDetails: { lines: [{ itemId: "i1", name: "Coffee mug", unitPrice: "12.5", quantity: 2, amount: "25" }] } },
  }),
  checkout({ _id: "c3", hashedId: "Cart8PoIu7Yt", label: "Spring sale", createdAt: "2026-10-21T08:00:00.000Z", enabled: false, updateUrl: null }),
];
