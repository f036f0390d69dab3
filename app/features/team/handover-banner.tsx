/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { Link } from "react-router";

/** On every page of a member offered a business: where to answer (docs/features/team.md, "Handing the business over"). */
export function HandoverBanner({ business }: { business: string }) {
  return (
    <div role="note" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
      A hand-over is waiting for you: <span className="break-all">{business}</span>.{" "}
      <Link to="/team/handover" className="font-medium underline">
        Review the hand-over
      </Link>
    </div>
  );
}
