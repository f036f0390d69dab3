// The owner's side of a hand-over on Settings → Team: the confirm step and the offer waiting.
// Rules: docs/features/team.md ("Handing the business over").
import { KeyRound } from "lucide-react";
import { Form } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Message } from "~/features/integrations/integrations-ui";
import { OwnerTrans, useFormatWhen, useOwnerT } from "~/features/languages/owner/owner-language";

/** The owner's step before the offer, asked first like Remove (it works without JavaScript). */
export function HandOverConfirm({ email, memberId }: { email: string; memberId: string }) {
  const t = useOwnerT("team");
  return (
    <details>
      <summary
        className={buttonClass({ variant: "secondary", size: "sm", className: "cursor-pointer list-none" })}
        aria-label={t("handover.offerNamed", { email })}
      >
        <KeyRound aria-hidden className="h-4 w-4" /> {t("handover.offer")}
      </summary>
      <Form
        method="post"
        role="alertdialog"
        aria-label={t("handover.offer")}
        className="mt-2 max-w-80 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
      >
        <p className="text-amber-900">{t("handover.question", { email })}</p>
        <input type="hidden" name="intent" value="handover" />
        <input type="hidden" name="memberId" value={memberId} />
        <Button type="submit" size="sm" className="mt-2">
          {t("handover.confirm", { email })}
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
  const t = useOwnerT("team");
  const formatWhen = useFormatWhen();
  return (
    <>
      <Message result={answer} />
      {handover ? (
        <div
          role="note"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
        >
          <p className="text-amber-900">
            <OwnerTrans
              ns="team"
              k="handover.waiting"
              values={{ email: handover.email, when: formatWhen(handover.expiresAt) }}
              components={{ email: <span className="break-all" /> }}
            />
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="withdrawHandover" />
            <Button type="submit" variant="secondary" size="sm">
              {t("handover.withdraw")}
            </Button>
          </Form>
        </div>
      ) : null}
    </>
  );
}
