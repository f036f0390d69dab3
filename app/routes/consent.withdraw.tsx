import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { visitorPageLocaleOf } from "~/features/capture/visit-language.server";
import { withoutBrandedMessages } from "~/features/languages/i18n.server";
import { PageLanguage } from "~/features/languages/page-language";
import { checkWithdrawToken, isWhiteLabelWithdrawToken, withdrawConsent } from "~/features/consent/consent.server";
import { VisitorPage } from "~/features/capture/visitor-pages";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/consent.withdraw";

export const handle = { bareDocument: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await getServices();
  const whiteLabel = await isWhiteLabelWithdrawToken(db, { token: params.token });
  const locale = visitorPageLocaleOf(request.headers, request.url);
  return {
    state: await checkWithdrawToken(db, { token: params.token }),
    whiteLabel,
    locale: whiteLabel ? withoutBrandedMessages(locale) : locale,
  };
}

// Also the target of the mail client's one-click unsubscribe (RFC 8058: a POST with
// "List-Unsubscribe=One-Click"), which needs nothing but a 2xx.
export async function action({ params }: Route.ActionArgs) {
  const { db } = await getServices();
  return { withdrawn: await withdrawConsent(db, { token: params.token }) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export default function WithdrawConsent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageLanguage locale={loaderData.locale}>
      <WithdrawScreen state={actionData?.withdrawn ? "withdrawn" : loaderData.state} whiteLabel={loaderData.whiteLabel} />
    </PageLanguage>
  );
}

function WithdrawScreen({ state, whiteLabel }: { state: "active" | "withdrawn" | "invalid"; whiteLabel: boolean }) {
  const { t } = useTranslation("visitor");
  if (state === "withdrawn") {
    return (
      <VisitorPage title={t("withdraw.doneTitle")}>
        <p role="status">{t(whiteLabel ? "withdraw.doneBodyUnbranded" : "withdraw.doneBody")}</p>
      </VisitorPage>
    );
  }
  if (state === "invalid") {
    return (
      <VisitorPage title={t("withdraw.invalidTitle")}>
        <p>{t("withdraw.invalidBody")}</p>
      </VisitorPage>
    );
  }
  return (
    <VisitorPage title={t("withdraw.askTitle")}>
      <p>{t("withdraw.askBody")}</p>
      <Form method="post">
        <button className="cq-btn" type="submit">
          {t("withdraw.button")}
        </button>
      </Form>
    </VisitorPage>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.locale.messages.visitor?.withdraw?.pageTitle ?? "" },
  { name: "robots", content: "noindex" },
];
