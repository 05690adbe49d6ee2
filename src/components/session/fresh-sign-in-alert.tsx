import { Button } from "@/components/ui/button";

export interface FreshSignInAlertProps {
  /** Why a recent sign-in is needed, in the words of the card that asks. */
  message: string;
  /** The button's label ('Sign in again'). */
  actionLabel: string;
  onSignInAgain: () => void;
}

/**
 * What a card shows when the server answered 401 `fresh_sign_in_required`: the session is fine for
 * everything else, so the merchant is not logged out, only offered to sign in again.
 */
export function FreshSignInAlert({ message, actionLabel, onSignInAgain }: FreshSignInAlertProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-warning/50 p-3 text-sm sm:flex-row sm:items-center">
      <span className="flex-1">{message}</span>
      <Button type="button" size="sm" onClick={onSignInAgain}>
        {actionLabel}
      </Button>
    </div>
  );
}
