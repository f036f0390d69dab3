import { AlertTriangle, XCircle } from "lucide-react";
import { cx } from "~/components/ui/cx";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import type { PublicAddressVerdict } from "~/utils/public-address";

/** The warning's words in the owner's language (the verdict's own `warning` is English, for the log). */
function useWarningWords(verdict: PublicAddressVerdict) {
  const t = useOwnerT("address");
  const origin = { origin: verdict.origin };
  switch (verdict.reach) {
    case "unencrypted":
      return { title: t("unencrypted.title"), text: t("unencrypted.text", origin) };
    case "local-network":
      return { title: t("localNetwork.title"), text: t("localNetwork.text", origin) };
    case "unreachable":
      return {
        title: t("unreachable.title"),
        text: t(verdict.unreachableBecause === "nowhere" ? "unreachable.nowhere" : "unreachable.thisComputer", origin),
      };
    default:
      return null;
  }
}

/**
 * Beside a QR code or a link to share: says plainly when phones cannot open the address it
 * carries, and how to fix it. Red when no phone can open it, amber when only some can.
 */
export function PublicAddressNotice({ verdict, className }: { verdict: PublicAddressVerdict; className?: string }) {
  const t = useOwnerT("address");
  const words = useWarningWords(verdict);
  if (!verdict.warning || !words) return null;
  const unreachable = verdict.reach === "unreachable";
  const Icon = unreachable ? XCircle : AlertTriangle;
  return (
    <div
      role="note"
      aria-label={words.title}
      className={cx(
        "flex gap-2 rounded-lg border p-3 text-left text-sm break-words",
        unreachable ? "border-red-300 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-900",
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p className="min-w-0">
        <strong className="font-semibold">{words.title}.</strong> {words.text} {t("fix")}
      </p>
    </div>
  );
}
