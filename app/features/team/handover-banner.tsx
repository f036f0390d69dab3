import { Link } from "react-router";
import type { HandoverBannerPart } from "./handover-banner.server";

/**
 * On every page of a member offered a business: where to answer (docs/features/team.md, "Handing
 * the business over"). Its words come with the layout's data (`handoverBannerParts`).
 */
export function HandoverBanner({ parts }: { parts: HandoverBannerPart[] }) {
  return (
    <div role="note" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
      {parts.map((part, index) =>
        part.kind === "business" ? (
          <span key={index} className="break-all">
            {part.text}
          </span>
        ) : part.kind === "review" ? (
          <Link key={index} to="/team/handover" className="font-medium underline">
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </div>
  );
}
