import { Badge, type BadgeColor } from "~/components/ui/badge";
import { OwnerTrans, useOwnerT } from "~/features/languages/owner/owner-language";
import { CopyValue } from "~/features/languages/owner/copy-value";
import { CheckCircle2, Circle, XCircle, AlertTriangle } from "lucide-react";
import { cx } from "~/components/ui/cx";
import type { AddressReach } from "~/utils/public-address";
import { DOMAIN_STEPS, type DomainState } from "./domains";

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

/** DNS records found → domain verified → HTTPS live: what is behind the domain and what is ahead. */
export function DomainSteps({ done }: { done: number }) {
  const t = useOwnerT("domains");
  return (
    <ol aria-label={t("steps.label")} className="mt-4 flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
      {DOMAIN_STEPS.map((step, index) => {
        const isDone = index < done;
        return (
          <li
            key={step}
            aria-current={index === done ? "step" : undefined}
            className={cx("flex items-center gap-2", isDone ? "text-green-800" : index === done ? "font-medium text-gray-900" : "text-gray-500")}
          >
            {isDone ? <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0" /> : <Circle aria-hidden className="h-4 w-4 shrink-0" />}
            {t(`steps.${step}`)}
            <span className="sr-only">{t(isDone ? "steps.done" : "steps.ahead")}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** A CNAME target on loopback or a private network: no phone outside could follow it. */
export const targetLeadsNowhere = (reach: AddressReach) => reach === "unreachable" || reach === "local-network";

/**
 * When this server's own address is one phones cannot reach, records pointing at it lead nowhere:
 * said as the print check says it, before the records (which are shown greyed).
 */
export function DomainTargetNotice({ reach, target }: { reach: AddressReach; target: string }) {
  const t = useOwnerT("domains");
  if (!targetLeadsNowhere(reach)) return null;
  const unreachable = reach === "unreachable";
  const Icon = unreachable ? XCircle : AlertTriangle;
  const title = t(unreachable ? "target.unreachableTitle" : "target.localTitle");
  return (
    <div
      role="note"
      aria-label={title}
      className={cx(
        "mb-4 flex gap-2 rounded-lg border p-3 text-sm",
        unreachable ? "border-red-300 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-900",
      )}
    >
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p className="min-w-0 break-words">
        <strong className="font-semibold">{title}.</strong> {t(unreachable ? "target.unreachableText" : "target.localText", { target })}
      </p>
    </div>
  );
}
