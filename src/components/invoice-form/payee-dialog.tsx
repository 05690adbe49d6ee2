import * as React from "react";
import { useTranslation } from "react-i18next";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ApiClient } from "@/lib/api-client";
import type { CustomerDto } from "@/lib/invoice";
import { emptyCustomer } from "@/lib/invoice-form";
import { showToast } from "@/stores/toasts";
import { PayeeForm, type PayeeValues } from "./payee-form";

/** Where the merchant's payees live (SPEC /api/v1/customers). */
export const CUSTOMERS_PATH = "/v1/customers";

export interface PayeeDialogProps {
  api: ApiClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The payee chosen now (highlighted in the list). */
  selectedId?: string;
  /** Select closes the dialog and returns the chosen payee. */
  onSelect: (customer: CustomerDto) => void;
}

type Step = { view: "list" } | { view: "create" } | { view: "edit"; customer: CustomerDto };

const toValues = (c: CustomerDto): PayeeValues => ({
  ...emptyCustomer(),
  name: c.name,
  email: c.email,
  address: [c.address[0] ?? "", c.address[1] ?? ""],
  organisation: c.organisation ?? "",
  pin: c.pin ?? "",
  city: c.city ?? "",
  state: c.state ?? "",
  country: c.country ?? "",
});

/**
 * Payee Information (SPEC dialogs): the merchant's payees with Add Payee, and per payee Select,
 * Edit and Delete; the create and edit forms replace the list inside the same dialog.
 */
export function PayeeDialog({ api, open, onOpenChange, selectedId, onSelect }: PayeeDialogProps) {
  const { t } = useTranslation("invoices");
  const [step, setStep] = React.useState<Step>({ view: "list" });
  const [payees, setPayees] = React.useState<CustomerDto[] | null>(null);
  const [failed, setFailed] = React.useState(false);
  const [deleting, setDeleting] = React.useState<CustomerDto | null>(null);

  const fetchPayees = React.useCallback(async () => (await api.get<{ data: CustomerDto[] }>(CUSTOMERS_PATH)).data, [api]);
  const load = async () => {
    setFailed(false);
    try {
      setPayees(await fetchPayees());
    } catch {
      setFailed(true);
    }
  };
  React.useEffect(() => {
    if (!open) return;
    let live = true;
    fetchPayees().then(
      (loaded) => live && (setFailed(false), setPayees(loaded)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, fetchPayees]);

  const save = async (values: PayeeValues) => {
    const body = { ...values, address: values.address.map((l) => l ?? "") };
    if (step.view === "edit") await api.put(`${CUSTOMERS_PATH}/${encodeURIComponent(step.customer._id)}`, body);
    else await api.post(CUSTOMERS_PATH, body);
    showToast({ message: t("payees.saved"), variant: "success" });
    setStep({ view: "list" });
    await load();
  };

  const remove = async (customer: CustomerDto) => {
    try {
      await api.delete(`${CUSTOMERS_PATH}/${encodeURIComponent(customer._id)}`);
      showToast({ message: t("payees.deleted"), variant: "success" });
    } catch (err) {
      showToast({ message: err instanceof Error ? err.message : t("toasts.notSaved"), variant: "error" });
    }
    await load();
  };

  const title = step.view === "create" ? t("payees.createTitle") : step.view === "edit" ? t("payees.updateTitle") : t("payees.title");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t("payees.description")}</DialogDescription>
        </DialogHeader>
        {step.view === "list" ? (
          <div className="grid gap-3">
            <Button className="justify-self-start" onClick={() => setStep({ view: "create" })}>
              <PlusIcon aria-hidden="true" />
              {t("payees.add")}
            </Button>
            {failed ? (
              <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
                <span>{t("payees.loadFailed")}</span>
                <Button size="sm" variant="outline" onClick={() => void load()}>
                  {t("retry")}
                </Button>
              </div>
            ) : payees === null ? (
              <p role="status" className="text-sm text-muted-foreground">
                …
              </p>
            ) : payees.length === 0 ? (
              <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{t("payees.empty")}</p>
            ) : (
              <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label={t("payees.title")}>
                {payees.map((c) => (
                  <li key={c._id} aria-current={c._id === selectedId || undefined} className="flex flex-wrap items-center gap-2 rounded-lg border p-3 aria-[current]:border-primary">
                    <div className="min-w-0 flex-1 basis-40">
                      <p className="truncate font-medium">{c.name}</p>
                      <p className="truncate text-sm text-muted-foreground">{c.email}</p>
                    </div>
                    <Button size="sm" aria-label={t("payees.selectOf", { name: c.name })} onClick={() => (onSelect(c), onOpenChange(false))}>
                      {t("payees.select")}
                    </Button>
                    <Button size="icon" variant="ghost" aria-label={t("payees.editOf", { name: c.name })} onClick={() => setStep({ view: "edit", customer: c })}>
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button size="icon" variant="ghost" className="text-destructive" aria-label={t("payees.deleteOf", { name: c.name })} onClick={() => setDeleting(c)}>
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <PayeeForm
            key={step.view === "edit" ? step.customer._id : "new"}
            initial={step.view === "edit" ? toValues(step.customer) : undefined}
            onSubmit={save}
            onBack={() => setStep({ view: "list" })}
          />
        )}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(o) => !o && setDeleting(null)}
          title={t("payees.deleteTitle")}
          message={t("payees.deleteMessage", { name: deleting?.name ?? "" })}
          confirmLabel={t("payees.delete")}
          destructive
          onConfirm={() => deleting && void remove(deleting)}
        />
      </DialogContent>
    </Dialog>
  );
}
