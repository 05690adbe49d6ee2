import { useTranslation } from "react-i18next";
import { PayLinkInstructionsDialog, type PayLinkInstructionsDialogProps } from "@/components/pay-link/pay-link-instructions-dialog";

export type ZLinkInstructionsDialogProps = Omit<PayLinkInstructionsDialogProps, "title">;

/** SPEC §2 zLink instructions: the shared hosted-link dialog titled 'zLink Instructions'. */
export function ZLinkInstructionsDialog(props: ZLinkInstructionsDialogProps) {
  const { t } = useTranslation("zlink");
  return <PayLinkInstructionsDialog {...props} title={t("instructions.title")} />;
}
