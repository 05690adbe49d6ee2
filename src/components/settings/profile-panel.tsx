import * as React from "react";
import { useTranslation } from "react-i18next";
import { ImagePlusIcon, XIcon } from "lucide-react";
import { MerchantBrandHeader } from "@/components/branding/merchant-brand-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { fieldClassName, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { BRAND_COLOR, LOGO_MAX_BYTES, LOGO_TYPES, PROFILE_LIMITS, billingUpdatedText, profileSchema, type ProfileDto, type ProfileFormValues } from "@/lib/profile";
import { showToast } from "@/stores/toasts";
import { ValidationError } from "yup";
import { currencyName } from "@/lib/currency-names";

export interface ProfilePanelProps {
  api: ApiClient;
  /** Sends the logo file (`POST /api/profile/logo`) and answers the saved profile. */
  uploadLogo: (file: File) => Promise<ProfileDto>;
  /** Told when the billing currency changed, so the session's copy follows. */
  onBillingCurrency?: (currency: string) => void;
}

type Load = { status: "loading" } | { status: "error" } | { status: "ready"; profile: ProfileDto; currencies: [string, string][] };

/** SPEC §2 Settings → Profile (also /profile): billing currency, display name, logo, colour and invoice details. */
export function ProfilePanel({ api, uploadLogo, onBillingCurrency }: ProfilePanelProps) {
  const { t } = useTranslation("settings");
  const [load, setLoad] = React.useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    let live = true;
    Promise.all([api.get<{ data: ProfileDto }>("/profile"), api.get<{ data: [string, string][] }>("/supported-currencies")])
      .then(([p, c]) => live && setLoad({ status: "ready", profile: p.data, currencies: c.data }))
      .catch(() => live && setLoad({ status: "error" }));
    return () => {
      live = false;
    };
  }, [api, attempt]);

  if (load.status === "loading") return <Spinner label={t("profile.loading")} className="self-start" />;
  if (load.status === "error") {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span>{t("profile.loadFailed")}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setLoad({ status: "loading" });
            setAttempt((n) => n + 1);
          }}
        >
          {t("deposits.retry")}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <BillingCurrencyCard api={api} current={load.profile.billingCurrency} currencies={load.currencies} onSaved={onBillingCurrency} />
      <ProfileForm api={api} initial={load.profile} uploadLogo={uploadLogo} />
    </div>
  );
}

function BillingCurrencyCard({ api, current, currencies, onSaved }: { api: ApiClient; current: string; currencies: [string, string][]; onSaved?: (c: string) => void }) {
  const { t, i18n } = useTranslation("settings");
  const [value, setValue] = React.useState(current);
  const [busy, setBusy] = React.useState(false);
  const id = React.useId();
  const change = async (currency: string) => {
    const before = value;
    setValue(currency);
    setBusy(true);
    try {
      await api.post("/update-billing-currency", { currency });
      showToast({ message: billingUpdatedText(currency, t("profile.billingUpdated")), variant: "success" });
      onSaved?.(currency);
    } catch {
      setValue(before);
      showToast({ message: t("profile.billingFailed"), variant: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("profile.billingTitle")}</h2>
        </CardTitle>
        <CardDescription>{t("profile.billingIntro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={id}>{t("profile.billingLabel")}</Label>
        <select id={id} className={`${fieldClassName} h-9 sm:max-w-xs`} value={value} disabled={busy} onChange={(e) => void change(e.target.value)}>
          {currencies.map(([code, name]) => (
            <option key={code} value={code}>
              {/* The reader's language; the server's (English) name only where Intl has none. */}
              {code} — {currencyName(code, i18n.language, name)}
            </option>
          ))}
        </select>
      </CardContent>
    </Card>
  );
}

type FieldName = keyof ProfileFormValues;
type Errors = Partial<Record<FieldName, string>>;

function ProfileForm({ api, initial, uploadLogo }: { api: ApiClient; initial: ProfileDto; uploadLogo: ProfilePanelProps["uploadLogo"] }) {
  const { t } = useTranslation("settings");
  const [values, setValues] = React.useState<ProfileFormValues>(() => ({
    company: initial.company,
    city: initial.city,
    taxId: initial.taxId,
    defaultInvoiceNotes: initial.defaultInvoiceNotes,
    brandColor: initial.brandColor,
  }));
  const [logoUrl, setLogoUrl] = React.useState(initial.logoUrl);
  const [errors, setErrors] = React.useState<Errors>({});
  const [saving, setSaving] = React.useState(false);
  const id = React.useId();
  const messages = {
    companyTooLong: t("profile.errors.companyTooLong"),
    cityTooLong: t("profile.errors.cityTooLong"),
    taxIdTooLong: t("profile.errors.taxIdTooLong"),
    notesTooLong: t("profile.errors.notesTooLong"),
    colorInvalid: t("profile.errors.colorInvalid"),
    logoTooLarge: t("profile.errors.logoTooLarge"),
    logoNotImage: t("profile.errors.logoNotImage"),
    billingUpdated: t("profile.billingUpdated"),
    billingFailed: t("profile.billingFailed"),
  };
  const set = (field: keyof ProfileFormValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await profileSchema(messages).validate(values, { abortEarly: false });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return setErrors(Object.fromEntries(err.inner.map((i) => [i.path, i.message])));
    }
    setErrors({});
    setSaving(true);
    try {
      const { data } = await api.put<{ data: ProfileDto }>("/profile", values);
      setValues({ company: data.company, city: data.city, taxId: data.taxId, defaultInvoiceNotes: data.defaultInvoiceNotes, brandColor: data.brandColor });
      showToast({ message: t("profile.saved"), variant: "success" });
    } catch {
      showToast({ message: t("profile.saveFailed"), variant: "error" });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: FieldName, label: string, control: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode, hint?: string) => {
    const fieldId = `${id}-${name}`;
    const describedBy = [hint ? `${fieldId}-hint` : "", errors[name] ? `${fieldId}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>{label}</Label>
        {control({ id: fieldId, "aria-invalid": errors[name] ? true : undefined, "aria-describedby": describedBy })}
        {hint ? (
          <p id={`${fieldId}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {errors[name] ? (
          <p id={`${fieldId}-error`} className="text-sm text-destructive">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };
  const color = BRAND_COLOR.test(values.brandColor) ? values.brandColor : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("profile.title")}</h2>
        </CardTitle>
        <CardDescription>{t("profile.intro")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5" noValidate onSubmit={(e) => void submit(e)} aria-label={t("profile.title")}>
          <div className="grid gap-2">
            <span className="text-sm font-medium">{t("profile.preview")}</span>
            <MerchantBrandHeader name={values.company.trim() || null} logoUrl={logoUrl} color={color} />
          </div>
          <LogoField logoUrl={logoUrl} onChange={setLogoUrl} uploadLogo={uploadLogo} api={api} />
          {field("company", t("profile.company"), (p) => <Input {...p} value={values.company} maxLength={PROFILE_LIMITS.company + 20} onChange={set("company")} autoComplete="organization" />, t("profile.companyHint"))}
          {field("brandColor", t("profile.brandColor"), (p) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={t("profile.colorPicker")}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1"
                value={color ?? "#000000"}
                onChange={(e) => setValues((v) => ({ ...v, brandColor: e.target.value }))}
              />
              <Input {...p} value={values.brandColor} placeholder="#1e3a8a" className="sm:max-w-40" onChange={set("brandColor")} spellCheck={false} />
              {values.brandColor ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => setValues((v) => ({ ...v, brandColor: "" }))}>
                  {t("profile.clearColor")}
                </Button>
              ) : null}
            </div>
          ), t("profile.brandColorHint"))}
          {field("city", t("profile.city"), (p) => <Input {...p} value={values.city} onChange={set("city")} autoComplete="address-level2" />)}
          {field("taxId", t("profile.taxId"), (p) => <Input {...p} value={values.taxId} onChange={set("taxId")} />)}
          {field("defaultInvoiceNotes", t("profile.notes"), (p) => <Textarea {...p} value={values.defaultInvoiceNotes} onChange={set("defaultInvoiceNotes")} />, t("profile.notesHint"))}
          <Button type="submit" className="justify-self-start" disabled={saving}>
            {saving ? t("profile.saving") : t("profile.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Choose a JPEG or PNG (≤ 2 MB; the server checks the bytes, re-encodes and resizes it), see it, remove it. */
function LogoField({ logoUrl, onChange, uploadLogo, api }: { logoUrl: string | null; onChange: (url: string | null) => void; uploadLogo: ProfilePanelProps["uploadLogo"]; api: ApiClient }) {
  const { t } = useTranslation("settings");
  const input = React.useRef<HTMLInputElement>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const id = React.useId();

  const run = async (work: () => Promise<string | null>) => {
    setBusy(true);
    try {
      onChange(await work());
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status === 413 ? t("profile.errors.logoTooLarge") : err instanceof ApiRequestError && err.status === 415 ? t("profile.errors.logoNotImage") : t("profile.logoFailed"));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };
  const choose = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // A first check for a quick answer; the server decides by the file's content.
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setError(t("profile.errors.logoNotImage"));
    if (file.size > LOGO_MAX_BYTES) return setError(t("profile.errors.logoTooLarge"));
    void run(async () => (await uploadLogo(file)).logoUrl);
  };

  return (
    <div className="grid gap-2" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {t("profile.logo")}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {logoUrl ? (
          <img src={logoUrl} alt={t("profile.logoPreview")} width={64} height={64} className="size-16 rounded-md border bg-white object-contain" />
        ) : (
          <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-md border border-dashed text-muted-foreground">
            <ImagePlusIcon className="size-5" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
            {busy ? t("profile.uploading") : t("profile.chooseLogo")}
          </Button>
          {logoUrl ? (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void run(async () => (await api.delete<{ data: ProfileDto }>("/profile/logo")).data.logoUrl)}>
              <XIcon aria-hidden="true" />
              {t("profile.removeLogo")}
            </Button>
          ) : null}
        </div>
        <input ref={input} type="file" accept="image/jpeg,image/png" className="sr-only" tabIndex={-1} aria-label={t("profile.chooseLogo")} onChange={(e) => choose(e.target.files?.[0])} />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("profile.logoHint")}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
