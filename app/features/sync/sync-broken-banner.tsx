import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useOwnerT } from "~/features/languages/owner/owner-language";

export type BrokenSyncView = { provider: string; reason: string };

/** On the dashboard while a lead sync connection is broken: what stopped, and the way to fix it. */
export function SyncBrokenBanner({ connections }: { connections: BrokenSyncView[] }) {
  const t = useOwnerT("banners");
  if (connections.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <ul className="space-y-1">
        {connections.map((connection) => (
          <li key={connection.provider}>
            <strong className="font-semibold">{t("syncBroken.stopped", { provider: connection.provider })}</strong> {connection.reason}{" "}
            {t("syncBroken.waiting")}
          </li>
        ))}
      </ul>
      <Link to="/settings/integrations/sync" className={`${buttonClass({ variant: "secondary", size: "sm" })} mt-3`}>
        {t("syncBroken.fix")}
      </Link>
    </div>
  );
}
