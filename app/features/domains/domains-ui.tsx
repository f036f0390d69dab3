import { Badge, type BadgeColor } from "~/components/ui/badge";
import { OwnerTrans, useOwnerT } from "~/features/languages/owner/owner-language";
import { CopyValue } from "~/features/languages/owner/copy-value";
import type { DomainState } from "./domains";

export const DOMAIN_STATE_COLOR: Record<DomainState, BadgeColor> = { pending: "yellow", verified: "green", broken: "red", expired: "gray" };

export type DomainRecord = { type: string; name: string; value: string };

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
