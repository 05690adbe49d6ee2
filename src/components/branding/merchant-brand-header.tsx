import { readableTextOn } from "@/lib/contrast";
import { BRAND_COLOR } from "@/lib/profile";

/**
 * The merchant's name, logo and colour as payers see them at the top of the pay page, invoice and
 * e-mails. The text is black or white, whichever reads better on the colour.
 */
export function MerchantBrandHeader({ name, logoUrl, color, className }: { name: string | null; logoUrl: string | null; color: string | null; className?: string }) {
  const background = color && BRAND_COLOR.test(color) ? color : null;
  return (
    <div
      data-testid="merchant-brand"
      className={`flex min-h-14 items-center gap-3 rounded-lg px-4 py-2 ${background ? "" : "border bg-muted"} ${className ?? ""}`}
      style={background ? { backgroundColor: background, color: readableTextOn(background) } : undefined}
    >
      {logoUrl ? <img src={logoUrl} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md bg-white object-contain" /> : null}
      {name ? <span className="min-w-0 truncate text-lg font-semibold">{name}</span> : null}
    </div>
  );
}
