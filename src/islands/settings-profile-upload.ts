import { fetchJson } from "@/lib/api-client";
import type { ProfileDto } from "@/lib/profile";
import { $session } from "@/stores/session";

/** `POST /api/profile/logo` with the file's raw bytes (the JSON client sends JSON only). */
export async function uploadLogo(file: File): Promise<ProfileDto> {
  const token = $session.get()?.token;
  const doFetch: typeof fetch = (url, init) => fetch(url, { ...init, body: file, headers: { ...init?.headers, "content-type": file.type } });
  const { data } = await fetchJson<{ data: ProfileDto }>(doFetch, "/api/profile/logo", { method: "POST", headers: token ? { authorization: `Bearer ${token}` } : {} });
  return data;
}
