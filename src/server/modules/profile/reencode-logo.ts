import { LOGO_MAX_SIDE, type LOGO_TYPES } from "@/lib/profile";
import { reencodeImage } from "../catalog";

/** A logo as stored: decoded and written again within LOGO_MAX_SIDE px (see `reencodeImage`). */
export async function reencodeLogo(bytes: Uint8Array, type: (typeof LOGO_TYPES)[number]): Promise<Buffer> {
  return reencodeImage(bytes, type, LOGO_MAX_SIDE);
}
