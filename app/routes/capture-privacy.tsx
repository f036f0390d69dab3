import { Trans, useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { visitorPageLocaleOf } from "~/features/capture/visit-language.server";
import { LANGUAGE_COOKIE } from "~/features/languages/languages";
import { withoutBrandedMessages } from "~/features/languages/i18n.server";
import { PageLanguage } from "~/features/languages/page-language";
import { ERROR_FALLBACK_LOCALE } from "~/features/capture/error-fallback";
import { NotFoundScreen } from "~/features/capture/capture-page";
import { DEFAULT_PAGE_DESIGN } from "~/features/capture/capture";
import { getPrivacyNotice } from "~/features/consent/consent.server";
import { VisitorPage } from "~/features/capture/visitor-pages";
import { notFound } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { VISITOR_COOKIE, VISITOR_COOKIE_DAYS } from "~/features/scans/visitors";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/capture-privacy";

export const handle = { bareDocument: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, env } = await getServices();
  const notice = await getPrivacyNotice(db, { campaignId: params.campaignId });
  if (!notice) notFound();
  // The business's own policy wins when it has one.
  if (notice.privacyPolicyUrl) throw redirect(notice.privacyPolicyUrl);
  const locale = visitorPageLocaleOf(request.headers, request.url);
  return { ...notice, visitorCookie: env.VISITOR_ID === "cookie", locale: notice.whiteLabel ? withoutBrandedMessages(locale) : locale };
}

export default function CapturePrivacy({ loaderData }: Route.ComponentProps) {
  return (
    <PageLanguage locale={loaderData.locale}>
      <PrivacyNotice {...loaderData} />
    </PageLanguage>
  );
}

function PrivacyNotice({
  businessName,
  postalAddress,
  visitorCookie,
  whiteLabel,
}: {
  businessName: string;
  postalAddress: string;
  visitorCookie: boolean;
  whiteLabel: boolean;
}) {
  const { t } = useTranslation("visitor");
  const business = { business: businessName };
  return (
    <VisitorPage title={t("privacy.title")}>
      <p>
        <Trans t={t} i18nKey="privacy.collects" values={business} components={{ strong: <strong /> }} />
      </p>
      <p>{t("privacy.records", business)}</p>
      <p>
        {visitorCookie ? (
          <Trans t={t} i18nKey="privacy.cookie" values={{ cookie: VISITOR_COOKIE, days: VISITOR_COOKIE_DAYS }} components={{ code: <code /> }} />
        ) : (
          t("privacy.noCookie")
        )}
      </p>
      <p>
        <Trans t={t} i18nKey="privacy.languageCookie" values={{ cookie: LANGUAGE_COOKIE }} components={{ code: <code /> }} />
      </p>
      <p>{t(whiteLabel ? "privacy.processorUnbranded" : "privacy.processor", business)}</p>
      <p>{t("privacy.rights", business)}</p>
      {postalAddress ? (
        <p className="cq-box" style={{ whiteSpace: "pre-line" }}>
          {businessName}
          {"\n"}
          {postalAddress}
        </p>
      ) : null}
    </VisitorPage>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.locale.messages.visitor?.privacy?.title ?? "Privacy" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PageLanguage locale={ERROR_FALLBACK_LOCALE}>
      <GeneralErrorBoundary
        error={error}
        statusHandlers={{ 404: () => <NotFoundScreen design={DEFAULT_PAGE_DESIGN} /> }}
        unexpectedErrorHandler={() => (
          <VisitorPage title="Something went wrong">
            <p>Please try again in a moment.</p>
          </VisitorPage>
        )}
      />
    </PageLanguage>
  );
}
