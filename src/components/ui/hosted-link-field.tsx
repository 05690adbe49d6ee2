import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ExternalLink } from "@/components/ui/external-link";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export interface HostedLinkFieldProps {
  /** Prefix of the ids: `{id}` labels, `{id}-input` the field, `{id}-hint` the hint. */
  id: string;
  /** The hosted payment page. */
  pageLink: string;
  label: string;
  hint: string;
  /** Accessible names of the copy and open buttons. */
  copyLabel: string;
  openLabel: string;
  onCopied: () => void;
  onCopyFailed: (err: unknown) => void;
}

/**
 * A hosted pay link, read-only: its label, the link (selected on focus), copy and open buttons,
 * and a hint. Shared by the zLink and zRequest instructions; wrap it in a section labelled by `id`.
 */
export function HostedLinkField({ id, pageLink, label, hint, copyLabel, openLabel, onCopied, onCopyFailed }: HostedLinkFieldProps) {
  return (
    <>
      <Label id={id} htmlFor={`${id}-input`} className="font-semibold">
        {label}
      </Label>
      <div className="flex items-center gap-2">
        <Input id={`${id}-input`} readOnly value={pageLink} className="font-mono" aria-describedby={`${id}-hint`} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={pageLink} variant="outline" label={copyLabel} onCopied={onCopied} onCopyFailed={onCopyFailed} />
        <Button variant="outline" size="icon" asChild>
          <ExternalLink href={pageLink} variant="bare" aria-label={openLabel} title={openLabel} />
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
    </>
  );
}
