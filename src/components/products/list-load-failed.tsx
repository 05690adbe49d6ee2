import { Button } from "@/components/ui/button";

export interface ListLoadFailedProps {
  /** 'Could not load …', in the product's words. */
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

/** The line a product page shows in place of its table when the list did not load. */
export function ListLoadFailed({ message, retryLabel, onRetry }: ListLoadFailedProps) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      <span>{message}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
