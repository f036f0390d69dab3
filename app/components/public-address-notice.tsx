import { AlertTriangle, XCircle } from "lucide-react";
import { cx } from "~/components/ui/cx";
import type { PublicAddressVerdict } from "~/utils/public-address";

/**
 * Beside a QR code or a link to share: says plainly when phones cannot open the address it
 * carries, and how to fix it. Red when no phone can open it, amber when only some can.
 */
export function PublicAddressNotice({ verdict, className }: { verdict: PublicAddressVerdict; className?: string }) {
  if (!verdict.warning) return null;
  const unreachable = verdict.reach === "unreachable";
  const Icon = unreachable ? XCircle : AlertTriangle;
  return (
    <div
      role="note"
      aria-label={verdict.warning.title}
      className={cx(
        "flex gap-2 rounded-lg border p-3 text-left text-sm break-words",
        unreachable ? "border-red-300 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-900",
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p className="min-w-0">
        <strong className="font-semibold">{verdict.warning.title}.</strong> {verdict.warning.text}
      </p>
    </div>
  );
}
