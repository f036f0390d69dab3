import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeColor } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { DomainState } from "./domains";

export const DOMAIN_STATE_COLOR: Record<DomainState, BadgeColor> = { pending: "yellow", verified: "green", broken: "red", expired: "gray" };

export type DomainRecord = { type: string; name: string; value: string };

/** A value the owner pastes at their DNS provider; the button says what it copied, for screen readers too. */
function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <code className="min-w-0 flex-1 rounded bg-gray-100 px-2 py-1 text-sm break-all text-gray-900">{value}</code>
      <Button type="button" variant="secondary" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
        {copied === "yes" ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
        {copied === "yes" ? "Copied" : "Copy"}
      </Button>
      <span role="status" className="sr-only">
        {copied === "yes" ? `${label} copied` : copied === "failed" ? `Could not copy ${label}; select it and copy by hand` : ""}
      </span>
    </div>
  );
}

/** The two records to publish, each field copyable; a list (not a table) so it reads at 390 px. */
export function DomainRecords({ records }: { records: DomainRecord[] }) {
  return (
    <ol className="space-y-4">
      {records.map((record, index) => (
        <li key={record.type} className="rounded-lg border border-gray-200 p-3">
          <p className="font-medium text-gray-900">
            {index + 1}. A <span className="font-mono">{record.type}</span> record
          </p>
          <dl className="mt-2 space-y-2 text-sm">
            <div>
              <dt className="text-gray-600">Name (host)</dt>
              <dd>
                <CopyValue label={`${record.type} name`} value={record.name} />
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">{record.type === "CNAME" ? "Points to (target)" : "Value"}</dt>
              <dd>
                <CopyValue label={`${record.type} value`} value={record.value} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

export function DomainStateBadge({ state, label }: { state: DomainState; label: string }) {
  return <Badge color={DOMAIN_STATE_COLOR[state]}>{label}</Badge>;
}

/** Where the common providers keep these records; the names differ, the records do not. */
export const PROVIDER_HINTS = [
  { name: "Cloudflare", hint: "DNS → Records → Add record. Turn the proxy off (grey cloud) for the CNAME." },
  { name: "GoDaddy", hint: "My Products → DNS → Add New Record. Type only go (without your domain) as the name." },
  { name: "Namecheap", hint: "Domain List → Manage → Advanced DNS → Add New Record. The host is go and _leadqr.go." },
  { name: "Google / Squarespace Domains", hint: "DNS → Custom records → Create new record." },
];
