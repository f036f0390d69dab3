import { CopyButton } from "~/features/languages/owner/copy-value";
import { formatWhenIn, useOwnerT } from "~/features/languages/owner/owner-language";
import { Loader2 } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { BadgeColor } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Input } from "~/components/ui/input";

/** A webhook endpoint's status as the owner reads it, wherever it shows. */
export type EndpointStatus = "active" | "paused" | "unsubscribed";
/** An endpoint's status in the member's language ("Active", "Paused", "Unsubscribed"). */
export function useEndpointStatusLabel(): (status: EndpointStatus) => string {
  const t = useOwnerT("integrationsUi");
  return (status) => t(`endpointStatus.${status}`);
}
export const ENDPOINT_STATUS_COLOR: Record<EndpointStatus, BadgeColor> = { active: "green", paused: "yellow", unsubscribed: "gray" };

export function Section({ title, description, children }: { title: string; description?: React.ReactNode; children: React.ReactNode }) {
  // Not made from the title: an Arabic one has no a-z, and every section would get the same id.
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass({ padding: "sm", className: "sm:p-6" })}>
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function SubmitButton({
  busy,
  children,
  disabled,
  variant = "primary",
  label,
}: {
  busy?: boolean;
  children: React.ReactNode;
  disabled?: boolean;
  variant?: "primary" | "secondary" | "danger";
  label?: string;
}) {
  return (
    <Button type="submit" variant={variant === "danger" ? "danger-outline" : variant} size="md" aria-label={label} disabled={busy || disabled}>
      {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
      {children}
    </Button>
  );
}

export function UpgradePrompt() {
  const t = useOwnerT("integrationsUi");
  return (
    <div role="note" className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900">
      <p className="font-semibold">{t("upgradeTitle")}</p>
      <p className="mt-1 text-sm">{t("upgradeText")}</p>
      <Link to="/pricing" className={buttonClass({ size: "md", className: "mt-3" })}>
        {t("upgrade")}
      </Link>
    </div>
  );
}

/** A secret or key that is shown this once. */
export function OneTimeSecret({ label, value }: { label: string; value: string }) {
  const t = useOwnerT("integrationsUi");
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold text-amber-900">{label}</p>
      <p className="mt-1 text-sm text-amber-900">{t("copyNow")}</p>
      <div className="mt-1 flex items-center gap-2">
        <Input readOnly aria-label={label} value={value} size="sm" className="font-mono" onFocus={(event) => event.currentTarget.select()} />
        <CopyButton label={label} value={value} />
      </div>
    </div>
  );
}

export function Message({ result }: { result?: { message?: string; error?: string } }) {
  if (result?.message)
    return (
      <p role="status" className="text-sm text-green-700">
        {result.message}
      </p>
    );
  if (result?.error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {result.error}
      </p>
    );
  return null;
}

/** A moment in English, for the screens not on the owner catalogue yet; catalogued ones use `useFormatWhen`. */
export const formatWhen = (value: Date | string | null) => formatWhenIn("en", value);
