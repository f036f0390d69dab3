import { data, isRouteErrorResponse, type ShouldRevalidateFunction } from "react-router";
import { DEFAULT_PAGE_DESIGN } from "~/features/capture/capture";
import { SUBMISSION_ERRORS } from "~/features/capture/capture.schema";
import { hasSessionCookie, openCapturePage, viewerOf, type CaptureView } from "~/features/capture/capture.server";
import { submitLead, type SubmitRefusal } from "~/features/capture/submit-lead.server";
import { CaptureForm, CaptureFrame, NotFoundScreen, ScanLimitScreen } from "~/features/capture/capture-page";
import { presentClaim } from "~/features/redeem/claim.server";
import { captureTargetOf } from "~/features/short-links/short-links.server";
import { keyVisitorIds, visitorCookieHeader, visitorIdOf } from "~/features/capture/visitor-id.server";
import { isDomainError } from "~/utils/domain-error";
import { formFields } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/capture";

// Served at /capture/:campaignId and at /q/:code (a short link, decision 280).
// Public, outside the site layout, and rendered without the app stylesheet (decision 033).
export const handle = { bareDocument: true };

const SHORT_LINK_REFUSED = "Too many links that do not exist were opened from your network. Please wait a few minutes and try again.";

// A plain form post renders the page again in the same request: that render is not a new scan.
const postedRequests = new WeakSet<object>();

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // The fast document path renders its per-campaign template through here with a given view.
  const template = (context as { captureView?: CaptureView }).captureView;
  if (template) return data(template, { status: 200 });
  const { db, env, secret } = await getServices();
  keyVisitorIds(secret);
  const url = new URL(request.url);
  const address = clientAddress(request);
  let target;
  try {
    target = await captureTargetOf(db, { params, searchParams: url.searchParams, clientAddress: address });
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    throw data(SHORT_LINK_REFUSED, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds ?? 60) } });
  }
  const afterPost = postedRequests.has(context);
  const visitor = env.VISITOR_ID === "cookie" && !afterPost ? visitorIdOf(request.headers.get("cookie")) : undefined;
  const view = await openCapturePage(db, {
    campaignId: target.campaignId,
    visit: {
      method: request.method,
      headers: request.headers,
      clientAddress: address,
      searchParams: target.searchParams,
      afterPost,
      viewer: hasSessionCookie(request) ? () => viewerOf(request) : undefined,
      visitor,
    },
  });
  // The visitor id is set on the page itself, never by a redirect (decision 310).
  const headers =
    visitor?.issue && view.state !== "not-found" ? { "Set-Cookie": visitorCookieHeader(visitor.id, env.appUrl.protocol === "https:") } : undefined;
  return data(view, { status: view.state === "not-found" ? 404 : 200, headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  postedRequests.add(context);
  let fields: Record<string, string>;
  try {
    fields = formFields(await request.formData());
  } catch {
    return data({ ok: false, error: SUBMISSION_ERRORS.failed }, { status: 400 });
  }
  const { db } = await getServices();
  let campaignId;
  try {
    ({ campaignId } = await captureTargetOf(db, { params, searchParams: new URLSearchParams(), clientAddress: clientAddress(request) }));
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    const headers = { "Retry-After": String(error.retryAfterSeconds ?? 60) };
    return data({ ok: false, error: `Submission Error: ${SHORT_LINK_REFUSED}` }, { status: 429, headers });
  }
  const timeZone = await getTimeZone(request);
  const result = await submitLead(db, {
    campaignId,
    fields,
    clientAddress: clientAddress(request),
    userAgent: request.headers.get("user-agent"),
    timeZone,
  });
  if (result.ok) {
    const { claim: issued, ...rest } = result.body;
    const claim = issued ? await presentClaim(issued, timeZone) : undefined;
    return data({ ...rest, claim }, { status: 200 });
  }
  const headers = result.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(result.retryAfterSeconds) };
  return data(result.body, { status: SUBMIT_STATUS[result.refusal], headers });
}

const SUBMIT_STATUS: Record<SubmitRefusal, number> = {
  invalid_campaign: 400,
  invalid_fields: 400,
  consent_required: 400,
  no_scan: 400,
  not_found: 404,
  inactive: 409,
  rate_limited: 429,
  unavailable: 503,
};

// Every render may count a scan: never reuse a stored copy, and never revalidate after a submit.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? false : defaultShouldRevalidate);

export default function Capture({ loaderData, actionData }: Route.ComponentProps) {
  switch (loaderData.state) {
    case "not-found":
      return <NotFoundScreen design={DEFAULT_PAGE_DESIGN} />;
    case "limit":
      return <ScanLimitScreen design={loaderData.design} scanCount={loaderData.scanCount} limit={loaderData.limit} />;
    case "form":
      return (
        <CaptureForm
          offer={loaderData.offer}
          terms={loaderData.offer.terms}
          consent={loaderData.offer.consent}
          scanToken={loaderData.scanToken}
          postResult={actionData}
        />
      );
  }
}

function titleOf(view: Route.MetaArgs["data"], error: unknown) {
  if (view?.state === "form") return view.offer.headline;
  if (view?.state === "limit") return "Scan Limit Reached!";
  if (error && !(isRouteErrorResponse(error) && error.status === 404)) return "Something went wrong";
  return "Campaign Not Found";
}

export const meta: Route.MetaFunction = ({ data: view, error }) => [{ title: titleOf(view, error) }, { name: "robots", content: "noindex" }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{
        404: () => <NotFoundScreen design={DEFAULT_PAGE_DESIGN} />,
        429: () => (
          <CaptureFrame design={DEFAULT_PAGE_DESIGN}>
            <main className="cq-main">
              <div className="cq-card" role="alert">
                <h1>Please wait a moment</h1>
                <p>{SHORT_LINK_REFUSED}</p>
              </div>
            </main>
          </CaptureFrame>
        ),
      }}
      unexpectedErrorHandler={() => (
        <CaptureFrame design={DEFAULT_PAGE_DESIGN}>
          <main className="cq-main">
            <div className="cq-card" role="alert">
              <h1>Something went wrong</h1>
              <p>We could not load this offer right now. Please try again in a moment.</p>
            </div>
          </main>
        </CaptureFrame>
      )}
    />
  );
}
