import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Form } from "react-router";
import { useOwnerDates, useOwnerT } from "~/features/languages/owner/owner-language";
import type { SessionRow } from "./sessions.server";

/** Settings section: where the account is signed in, and a way to end every other session. */
export function SessionsSection({
  sessions,
  busy,
  result,
}: {
  sessions: SessionRow[];
  busy: boolean;
  result?: { message?: string; error?: string };
}) {
  const t = useOwnerT("settings");
  const dates = useOwnerDates();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="section-sessions" className={cardClass({ padding: "section" })}>
      <h2 id="section-sessions" className="scroll-mt-24 text-lg font-semibold text-gray-900">
        {t("sessions.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t("sessions.description")}</p>
      <ul className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
            <span className="font-medium break-words text-gray-900">
              {session.device}
              {session.current ? (
                <Badge color="green" className="ml-2">
                  {t("sessions.thisDevice")}
                </Badge>
              ) : null}
            </span>
            <span className="text-sm text-gray-500">
              {session.current ? t("sessions.activeNow") : t("sessions.lastActive", { when: dates.moment(session.lastActive) })}
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="sessions" />
        <Button type="submit" variant="secondary" disabled={busy || others === 0}>
          {t("sessions.signOutOthers")}
        </Button>
        {result?.message ? (
          <p role="status" className="text-sm text-green-700">
            {result.message}
          </p>
        ) : null}
        {result?.error ? (
          <p role="alert" className="text-sm text-red-600">
            {result.error}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
