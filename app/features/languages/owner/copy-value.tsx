// One value with a Copy button beside it: DNS records, the sync set-up, a staff link or an API key
// shown once. The button says what it copied, for screen readers too. Beside the owner catalogue
// because it speaks the owner's words and every owner screen may import it (components may not).
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useOwnerT } from "./owner-language";

/** A value to paste elsewhere (a DNS record, a staff link, an API key), with its Copy button. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <code className="min-w-0 flex-1 rounded bg-gray-100 px-2 py-1 text-sm break-all text-gray-900">{value}</code>
      <CopyButton label={label} value={value} />
    </div>
  );
}

/** "Copy", then "Copied"; its name says what it copies, and a status line says it for screen readers too. */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const t = useOwnerT("copy");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <>
      <Button type="button" variant="secondary" size="sm" onClick={copy} aria-label={t("named", { label })}>
        {copied === "yes" ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
        {t(copied === "yes" ? "copied" : "copy")}
      </Button>
      <span role="status" className="sr-only">
        {copied === "yes" ? t("copiedNamed", { label }) : copied === "failed" ? t("failed", { label }) : ""}
      </span>
    </>
  );
}
