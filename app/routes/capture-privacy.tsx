import { redirect } from "react-router";
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

export async function loader({ params }: Route.LoaderArgs) {
  const { db, env } = await getServices();
  const notice = await getPrivacyNotice(db, { campaignId: params.campaignId });
  if (!notice) notFound();
  // The business's own policy wins when it has one.
  if (notice.privacyPolicyUrl) throw redirect(notice.privacyPolicyUrl);
  return { ...notice, visitorCookie: env.VISITOR_ID === "cookie" };
}

export default function CapturePrivacy({ loaderData }: Route.ComponentProps) {
  const { businessName, postalAddress, visitorCookie } = loaderData;
  return (
    <VisitorPage title="Privacy">
      <p>
        <strong>{businessName}</strong> collects the name, email address and (if you give it) phone number you enter on this page, to give you the
        offer and, if you agreed, to send you marketing emails.
      </p>
      <p>
        When you submit the form we also record what you agreed to, when, your IP address and your browser, so that {businessName} can show that you
        agreed.
      </p>
      {visitorCookie ? (
        <p>
          To count how many people open this offer, this page sets one cookie, <code>{VISITOR_COOKIE}</code>, holding a random number and nothing
          about you. It lets a second visit from the same browser be counted once and keeps scripts from faking visitors. It lasts{" "}
          {VISITOR_COOKIE_DAYS} days, is only ever sent back to this site, and is never shared or used to follow you elsewhere. What is stored with a
          visit is a code made from it that changes every day. When you claim the offer, another code made from it is kept with your details, so that
          this browser shows you your offer code again when you come back.
        </p>
      ) : (
        <p>
          This page sets no cookie. To count how many people open this offer, a visit is recognised by a code made from your IP address and browser
          that changes every day; neither is stored.
        </p>
      )}
      <p>
        LeadQR runs this page and stores these details on behalf of {businessName}, as its processor. Your details are not sold or shared with anyone
        else.
      </p>
      <p>
        You can withdraw your consent at any time with the link in any email you receive, and you can ask {businessName} for a copy of your data or
        for its erasure.
      </p>
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

export const meta: Route.MetaFunction = () => [{ title: "Privacy" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: () => <NotFoundScreen design={DEFAULT_PAGE_DESIGN} /> }}
      unexpectedErrorHandler={() => (
        <VisitorPage title="Something went wrong">
          <p>Please try again in a moment.</p>
        </VisitorPage>
      )}
    />
  );
}
