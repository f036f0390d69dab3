/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
// The owner's side of a hand-over on Settings → Team: the confirm step and the offer waiting.
// Rules: docs/features/team.md ("Handing the business over").
import { KeyRound } from "lucide-react";
import { Form } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { formatWhen, Message } from "~/features/integrations/integrations-ui";

/** The owner's step before the offer, asked first like Remove (it works without JavaScript). */
export function HandOverConfirm({ email, memberId }: { email: string; memberId: string }) {
  return (
    <details>
      <summary
        className={buttonClass({ variant: "secondary", size: "sm", className: "cursor-pointer list-none" })}
        aria-label={`Hand over ownership to ${email}`}
      >
        <KeyRound aria-hidden className="h-4 w-4" /> Hand over ownership
      </summary>
      <Form
        method="post"
        role="alertdialog"
        aria-label="Hand over ownership"
        className="mt-2 max-w-80 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
      >
        <p className="text-amber-900">
          Offer {email} the ownership of this business? Once they accept, they own its campaigns, leads, team and billing, and you stay on as a
          Manager of every location. You can withdraw the offer until then.
        </p>
        <input type="hidden" name="intent" value="handover" />
        <input type="hidden" name="memberId" value={memberId} />
        <Button type="submit" size="sm" className="mt-2">
          Yes, offer it to {email}
        </Button>
      </Form>
    </details>
  );
}

export function HandoverWaiting({
  handover,
  answer,
}: {
  handover: { email: string; expiresAt: string } | null;
  answer?: { message?: string; error?: string };
}) {
  return (
    <>
      <Message result={answer} />
      {handover ? (
        <div
          role="note"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
        >
          <p className="text-amber-900">
            Hand-over waiting: <span className="break-all">{handover.email}</span> can accept until {formatWhen(handover.expiresAt)}.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="withdrawHandover" />
            <Button type="submit" variant="secondary" size="sm">
              Withdraw the hand-over
            </Button>
          </Form>
        </div>
      ) : null}
    </>
  );
}
