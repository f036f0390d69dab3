// Leads as a list of two-line rows: name and email, then campaign, time and a "Redeemed" badge.
// The leads screen shows it on a phone (its table on wider screens); the dashboard lists the latest.
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cx } from "~/components/ui/cx";
import { EmailText } from "~/components/ui/email-text";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import type { LeadRow } from "./leads.server";

export type LeadListRow = Pick<LeadRow, "id" | "name" | "email" | "campaign" | "collectedAt" | "collectedAtIso" | "redeemedAtIso" | "isMasked">;

/** `framed`: its own card border (off inside a card that already has one). */
export function LeadList({ leads, label, framed = true, className }: { leads: LeadListRow[]; label: string; framed?: boolean; className?: string }) {
  const t = useOwnerT("leads");
  return (
    <ul aria-label={label} className={cx("divide-y divide-gray-200 bg-white", framed && "rounded-xl border border-gray-200", className)}>
      {leads.map((lead) => (
        <li key={lead.id} className="relative px-4 py-3 hover:bg-gray-50">
          <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            {lead.isMasked ? <Lock role="img" aria-label={t("table.hiddenOnFree")} className="h-4 w-4 shrink-0 self-center text-gray-400" /> : null}
            {/* The name is the link; its overlay makes the whole row one tap. */}
            <Link to={`/leads/${lead.id}`} className="font-medium text-gray-900 after:absolute after:inset-0 hover:text-blue-700">
              {lead.name}
            </Link>
            {/* A line of its own, smaller on a phone: a long address wraps at its parts, not at a hyphen. */}
            <span className="min-w-0 basis-full text-xs break-words text-gray-600 sm:text-sm">
              <EmailText email={lead.email} />
            </span>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-500">
            <span className="min-w-0 truncate">{lead.campaign}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={lead.collectedAtIso}>{lead.collectedAt}</time>
            {lead.redeemedAtIso ? <Badge color="green">{t("list.redeemed")}</Badge> : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
