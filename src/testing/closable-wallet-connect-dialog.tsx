import * as React from "react";
import { WalletConnectDialog, type WalletConnectDialogProps } from "@/components/wallet/wallet-connect-dialog/wallet-connect-dialog";

/**
 * Stories only: the dialog as a page holds it, so a story that finishes (saved, or a wallet handed
 * over) shows it closed, with a line saying so, instead of its last state.
 */
export function ClosableWalletConnectDialog(props: WalletConnectDialogProps) {
  const [open, setOpen] = React.useState(props.open);
  return (
    <>
      {open ? null : <p role="status">The wallet dialog closed.</p>}
      <WalletConnectDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          props.onOpenChange(next);
          setOpen(next);
        }}
      />
    </>
  );
}
