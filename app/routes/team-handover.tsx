// Rules: docs/features/team.md ("Handing the business over").
import { data, Form, redirect } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { requireSignedIn } from "~/features/auth/session.server";
import { Message, Section } from "~/features/integrations/integrations-ui";
import { ownerLanguageIn, ownerT, useFormatWhen, useOwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { acceptHandover, declineHandover, handoversTo } from "~/features/team/handover.server";
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
  const language = ownerLanguageFor(sessionUser, request.headers.get("accept-language"));
  const t = ownerT("team", language);
  const who = { userId: sessionUser.id, email: sessionUser.email, handoverId, appOrigin: env.appOrigin, language };
  return answerDomainError(
    async () => {
      if (intent === "accept") {
        if (!(await acceptHandover(db, who))) return data<ActionData>({ error: t("handover.refusals.gone") }, { status: 410 });
        return redirect("/dashboard");
      }
      if (intent === "decline") {
        if (!(await declineHandover(db, who))) return data<ActionData>({ error: t("handover.refusals.gone") }, { status: 410 });
        return data<ActionData>({ message: t("handoverPage.declined") });
      }
      return data<ActionData>({ error: "Unknown action" }, { status: 400 });
    },
    (refused): ActionData => ({ error: refused.message }),
  );
}

export const headers = withRefusalHeaders();

export default function Handover({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("team");
  const formatWhen = useFormatWhen();
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader title={t("handoverPage.title")} description={t("handoverPage.description")} />
      <Message result={actionData} />
      {loaderData.offers.length === 0 ? (
        <p className="text-gray-700">{t("handoverPage.none")}</p>
      ) : (
        loaderData.offers.map((offer) => (
          <Section
            key={offer.id}
            title={t("handoverPage.takeOver", { business: offer.business })}
            description={t("handoverPage.stands", { when: formatWhen(offer.expiresAt) })}
          >
            <p className="text-sm text-gray-700">{t("handoverPage.explanation", { business: offer.business })}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="handoverId" value={offer.id} />
                <Button type="submit" name="intent" value="accept">
                  {t("handoverPage.accept")}
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="handoverId" value={offer.id} />
                <Button type="submit" name="intent" value="decline" variant="secondary">
                  {t("handoverPage.decline")}
                </Button>
              </Form>
            </div>
          </Section>
        ))
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("team", ownerLanguageIn(matches))("handoverPage.pageTitle") }];
