import { Link } from "react-router";
import { OwnerTrans } from "~/features/languages/owner/owner-language";

/** On every page of a member offered a business: where to answer (docs/features/team.md, "Handing the business over"). */
export function HandoverBanner({ business }: { business: string }) {
  return (
    <div role="note" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
      <OwnerTrans
        ns="team"
        k="handover.banner"
        values={{ business }}
        components={{ business: <span className="break-all" />, review: <Link to="/team/handover" className="font-medium underline" /> }}
      />
    </div>
  );
}
