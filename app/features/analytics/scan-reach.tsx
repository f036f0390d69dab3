// How far back the analytics' scan details reach: the oldest month kept by SCAN_RETENTION_MONTHS.
// Rules: docs/features/counting.md ("Partitions and retention").
import { useOwnerT } from "~/features/languages/owner/owner-language";

/** `since`: the first day kept (a UTC month's first day, `YYYY-MM-DD`). */
export function ScanDetailReach({ since }: { since: string }) {
  const t = useOwnerT("campaignPage");
  const month = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${since}T00:00:00Z`));
  return (
    <p className="text-xs text-gray-500" data-testid="scan-detail-reach">
      {t("analytics.keptSince", { month })}
    </p>
  );
}
