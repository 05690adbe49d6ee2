import * as React from "react";
import { useTranslation } from "react-i18next";
import { ImagePlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from "@/lib/cart";
import { ApiRequestError } from "@/lib/api-client";

export interface UploadedImage {
  _id: string;
  url: string;
}

export interface ItemImageFieldProps {
  /** The current image, if any. */
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
  /** Sends the file (`POST /api/uploads`); rejects with the server's error. */
  onUpload: (file: File) => Promise<UploadedImage>;
  onBusyChange?: (busy: boolean) => void;
}

/** The item's optional picture: choose a JPEG or PNG (≤ 256 KB), see it, remove it. */
/**
 * Why an upload was refused, in the reader's words: the field's own texts for a file too large or
 * not an image; the server's (already translated) words for the merchant's quota or upload rate,
 * which name what to do and how long to wait; a generic failure otherwise.
 */
function uploadErrorText(err: unknown, t: (key: string) => string): string {
  if (!(err instanceof ApiRequestError)) return t("toasts.uploadFailed");
  if (err.code === "payload_too_large") return t("validation.imageTooLarge");
  if (err.status === 415) return t("validation.imageType");
  if (err.status === 413 || err.status === 429) return err.message;
  return t("toasts.uploadFailed");
}

export function ItemImageField({ value, onChange, onUpload, onBusyChange }: ItemImageFieldProps) {
  const { t } = useTranslation("checkouts");
  const input = React.useRef<HTMLInputElement>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const id = React.useId();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return setError(t("validation.imageType"));
    if (file.size > MAX_UPLOAD_BYTES) return setError(t("validation.imageTooLarge"));
    setBusy(true);
    onBusyChange?.(true);
    try {
      onChange(await onUpload(file));
    } catch (err) {
      setError(uploadErrorText(err, t));
    } finally {
      setBusy(false);
      onBusyChange?.(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="grid gap-2" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {t("itemForm.image")}
      </span>
      <div className="flex items-center gap-3">
        {value ? (
          <img src={value.url} alt={t("itemForm.preview")} width={64} height={64} className="size-16 rounded-md border object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-md border border-dashed text-muted-foreground">
            <ImagePlusIcon className="size-5" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
            {busy ? t("itemForm.uploading") : t("itemForm.chooseImage")}
          </Button>
          {value ? (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => onChange(null)}>
              <XIcon aria-hidden="true" />
              {t("itemForm.removeImage")}
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          className="sr-only"
          tabIndex={-1}
          aria-label={t("itemForm.chooseImage")}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("itemForm.imageHint")}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
