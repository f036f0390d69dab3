// Settings → Team and Settings → Locations on a plan without them (docs/features/team.md, "Plans").
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useOwnerT } from "~/features/languages/owner/owner-language";

export function TeamPlanNote() {
  const t = useOwnerT("team");
  return (
    <div role="note" className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900">
      <p className="font-semibold">{t("plan")}</p>
      <Link to="/pricing" className={buttonClass({ size: "md", className: "mt-3" })}>
        {t("seePlans")}
      </Link>
    </div>
  );
}
