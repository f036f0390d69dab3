/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
// Rules: docs/features/team.md ("Handing the business over").
import { data, Form, redirect } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { requireSignedIn } from "~/features/auth/session.server";
import { formatWhen, Message, Section } from "~/features/integrations/integrations-ui";
import { acceptHandover, declineHandover, handoversTo } from "~/features/team/handover.server";
import { HANDOVER_TEXT } from "~/features/team/team";
import { answerDomainError, formFields, readForm, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/team-handover";

export async function loader({ request }: Route.LoaderArgs) {
  const sessionUser = await requireSignedIn(request);
  const { db } = await getServices();
  const offers = await handoversTo(db, { userId: sessionUser.id });
  return { offers: offers.map(({ id, business, expiresAt }) => ({ id, business, expiresAt: expiresAt.toISOString() })) };
}

type ActionData = { error?: string; message?: string };

/** The member answers an offer made to them; anyone else's id is "gone", as an expired one. */
export async function action({ request }: Route.ActionArgs) {
  const sessionUser = await requireSignedIn(request);
  const { intent, handoverId = "" } = formFields(await readForm(request));
  const { db, env } = await getServices();
  const who = { userId: sessionUser.id, email: sessionUser.email, handoverId, appOrigin: env.appOrigin };
  return answerDomainError(
    async () => {
      if (intent === "accept") {
        if (!(await acceptHandover(db, who))) return data<ActionData>({ error: HANDOVER_TEXT.gone }, { status: 410 });
        return redirect("/dashboard");
      }
      if (intent === "decline") {
        if (!(await declineHandover(db, who))) return data<ActionData>({ error: HANDOVER_TEXT.gone }, { status: 410 });
        return data<ActionData>({ message: "Declined. The business stays with its owner." });
      }
      return data<ActionData>({ error: "Unknown action" }, { status: 400 });
    },
    (refused): ActionData => ({ error: refused.message }),
  );
}

export const headers = withRefusalHeaders();

export default function Handover({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader title="Hand-over" description="A business offered to you by its owner. Accepting makes you its owner; they stay on as a Manager." />
      <Message result={actionData} />
      {loaderData.offers.length === 0 ? (
        <p className="text-gray-700">No hand-over is waiting for you.</p>
      ) : (
        loaderData.offers.map((offer) => (
          <Section key={offer.id} title={`Take over ${offer.business}`} description={`The offer stands until ${formatWhen(offer.expiresAt)}.`}>
            <p className="text-sm text-gray-700">
              You become the owner of {offer.business}: its campaigns, leads, locations, team, domain, API keys, integrations and billing. Its owner
              stays on the team as a Manager of every location.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="handoverId" value={offer.id} />
                <Button type="submit" name="intent" value="accept">
                  Accept and become the owner
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="handoverId" value={offer.id} />
                <Button type="submit" name="intent" value="decline" variant="secondary">
                  Decline
                </Button>
              </Form>
            </div>
          </Section>
        ))
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Hand-over · LeadQR" }];
