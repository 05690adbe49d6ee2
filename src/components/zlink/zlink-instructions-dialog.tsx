import { PayLinkInstructionsDialog, type PayLinkInstructionsDialogProps } from "@/components/share/pay-link-instructions-dialog";

export type ZLinkInstructionsDialogProps = Omit<PayLinkInstructionsDialogProps, "namespace">;

/** SPEC §2 zLink instructions: the shared hosted-link dialog with zLink's texts. */
export function ZLinkInstructionsDialog(props: ZLinkInstructionsDialogProps) {
  return <PayLinkInstructionsDialog namespace="zlink" {...props} />;
}
