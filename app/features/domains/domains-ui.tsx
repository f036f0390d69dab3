import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeColor } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { OwnerTrans, useOwnerT } from "~/features/languages/owner/owner-language";
import type { DomainState } from "./domains";

export const DOMAIN_STATE_COLOR: Record<DomainState, BadgeColor> = { pending: "yellow", verified: "green", broken: "red", expired: "gray" };

export type DomainRecord = { type: string; name: string; value: string };

/** A value the owner pastes at their DNS provider; the button says what it copied, for screen readers too. */
function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const t = useOwnerT("domains");
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
      <Button type="button" variant="secondary" size="sm" onClick={copy} aria-label={t("records.copyNamed", { label })}>
        {copied === "yes" ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
        {t(copied === "yes" ? "records.copied" : "records.copy")}
      </Button>
      <span role="status" className="sr-only">
        {copied === "yes" ? t("records.copiedNamed", { label }) : copied === "failed" ? t("records.copyFailed", { label }) : ""}
      </span>
    </div>
  );
}

/** The two records to publish, each field copyable; a list (not a table) so it reads at 390 px. */
export function DomainRecords({ records }: { records: DomainRecord[] }) {
  const t = useOwnerT("domains");
  return (
    <ol className="space-y-4">
      {records.map((record, index) => (
        <li key={record.type} className="rounded-lg border border-gray-200 p-3">
          <p className="font-medium text-gray-900">
            <OwnerTrans
              ns="domains"
              k="records.heading"
              values={{ number: index + 1, type: record.type }}
              components={{ type: <span className="font-mono" /> }}
            />
          </p>
          <dl className="mt-2 space-y-2 text-sm">
            <div>
              <dt className="text-gray-600">{t("records.name")}</dt>
              <dd>
                <CopyValue label={t("records.nameLabel", { type: record.type })} value={record.name} />
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">{t(record.type === "CNAME" ? "records.target" : "records.value")}</dt>
              <dd>
                <CopyValue label={t("records.valueLabel", { type: record.type })} value={record.value} />
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

/** The common providers whose place for these records the screen names (`domains.providers.*`): the names differ, the records do not. */
export const HINTED_PROVIDERS = ["cloudflare", "godaddy", "namecheap", "google"] as const;
