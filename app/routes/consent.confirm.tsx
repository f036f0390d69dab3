// Rules: docs/features/consent-and-erasure.md ("Double opt-in"); docs/features/domains.md ("White label").
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { visitorPageLocaleOf } from "~/features/capture/visit-language.server";
import { withoutBrandedMessages } from "~/features/languages/i18n.server";
import { PageLanguage } from "~/features/languages/page-language";
import { CONFIRM_LINK_DAYS } from "~/features/consent/consent";
import { checkConfirmToken, confirmConsent } from "~/features/consent/consent.server";
import { VisitorPage } from "~/features/capture/visitor-pages";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/consent.confirm";

export const handle = { bareDocument: true };

// Opening the link only shows a button: mail scanners that follow links must not confirm for
// the person. The button's post confirms.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await getServices();
  // The confirm page shows no branded words on any plan, so it ships none.
  return {
    state: await checkConfirmToken(db, { token: params.token }),
    locale: withoutBrandedMessages(visitorPageLocaleOf(request.headers, request.url)),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { db } = await getServices();
  const confirmed = await confirmConsent(db, { token: params.token, clientAddress: clientAddress(request) });
  return { confirmed };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export default function ConfirmConsent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageLanguage locale={loaderData.locale}>
      <ConfirmScreen state={actionData?.confirmed ? "confirmed" : actionData ? "invalid" : loaderData.state} />
    </PageLanguage>
  );
}

function ConfirmScreen({ state }: { state: "confirmed" | "valid" | "invalid" }) {
  const { t } = useTranslation("visitor");
  if (state === "confirmed") {
    return (
      <VisitorPage title={t("confirm.doneTitle")}>
        <p role="status">{t("confirm.doneBody")}</p>
      </VisitorPage>
    );
  }
  if (state === "invalid") {
    return (
      <VisitorPage title={t("confirm.invalidTitle")}>
        <p>{t("confirm.invalidBody", { days: CONFIRM_LINK_DAYS })}</p>
      </VisitorPage>
    );
  }
  return (
    <VisitorPage title={t("confirm.askTitle")}>
      <p>{t("confirm.askBody")}</p>
      <Form method="post">
        <button className="cq-btn" type="submit">
          {t("confirm.button")}
        </button>
      </Form>
    </VisitorPage>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.locale.messages.visitor?.confirm?.pageTitle ?? "" },
  { name: "robots", content: "noindex" },
];
