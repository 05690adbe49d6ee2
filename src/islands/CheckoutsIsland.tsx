import { MerchantPage } from "@/components/app-shell/merchant-page";
import { CheckoutsPage } from "@/components/checkouts/checkouts-page";
import type { UploadedImage } from "@/components/checkouts/item-image-field";
import { fetchJson } from "@/lib/api-client";
import { merchantApi } from "@/stores/merchant-api";
import { $session, updateSession, type SessionUser } from "@/stores/session";

function markOnboarded(user: SessionUser) {
  if (!user.settings.isOnboarded) updateSession({ settings: { ...user.settings, isOnboarded: true } });
}

/** `POST /api/uploads` with the file's raw bytes (the JSON client sends JSON only). */
async function uploadImage(file: File): Promise<UploadedImage> {
  const token = $session.get()?.token;
  const doFetch: typeof fetch = (url, init) => fetch(url, { ...init, body: file, headers: { ...init?.headers, "content-type": file.type } });
  const { data } = await fetchJson<{ data: UploadedImage }>(doFetch, "/api/uploads", { method: "POST", headers: token ? { authorization: `Bearer ${token}` } : {} });
  return data;
}

/** Island for /checkouts: the merchant shell around the zCart screen. */
export default function CheckoutsIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction} permission="checkout">
      {(user) => (
        <CheckoutsPage api={merchantApi} userId={user._id} billingCurrency={user.billingCurrency} uploadImage={uploadImage} onSaved={() => markOnboarded(user)} />
      )}
    </MerchantPage>
  );
}
