// Rules: docs/features/campaigns-and-print.md ("Short links"); docs/features/capture-and-leads.md ("A bare document",
//   "Visitor ids", "Two ways in for a lead").
import { data, isRouteErrorResponse, type ShouldRevalidateFunction } from "react-router";
import { DEFAULT_PAGE_DESIGN } from "~/features/capture/capture";
import { SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "~/features/capture/capture-fields";
import { leadPostPathOf, type LeadFormResult } from "~/features/capture/capture";
import { answerLeadPost, UNREADABLE_POST, type LeadPostAnswer } from "~/features/capture/lead-post.server";
import { CONSENT_FIELD } from "~/features/consent/consent";
import {
  hasSessionCookie,
  isCaptureOverload,
  localize,
  openCapturePage,
  viewerOf,
  type LocalizedCaptureView,
} from "~/features/capture/capture.server";
import { visitLanguageOf, withLanguageParam } from "~/features/capture/visit-language.server";
import { CaptureFrame } from "~/features/capture/capture-frame";
import { CaptureForm, NotFoundScreen, ScanLimitScreen } from "~/features/capture/capture-page";
import { ThankYouScreen } from "~/features/capture/thank-you-screen";
import { languageCookieHeader } from "~/features/languages/choose-language.server";
import { LANGUAGE_PARAM } from "~/features/languages/languages";
import { pageLocaleOf } from "~/features/languages/i18n.server";
import { ERROR_FALLBACK_LOCALE, type ErrorKey } from "~/features/capture/error-fallback";
import { PageLanguage, type PageLocale } from "~/features/languages/page-language";
import { useTranslation } from "react-i18next";
import { captureTargetOf } from "~/features/placements/short-links.server";
import { keyVisitorIds, visitorCookieHeader, visitorIdOf } from "~/features/scans/visitor-id.server";
import { isDomainError } from "~/utils/domain-error";
import { formFields } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/capture";

// Served at /capture/:campaignId and at /q/:code (a short link).
// Public, outside the site layout, and rendered without the app stylesheet.
// Its first response alone renders and its form posts without JavaScript: the scripts wait for the first paint.
export const handle = { bareDocument: true, scriptsAfterFirstPaint: true };

// A plain form post renders the page again in the same request: that render is not a new scan.
const postedRequests = new WeakSet<object>();
// …and after an accepted one it shows the thank-you, whatever limit that lead reached.
const acceptedRequests = new WeakSet<object>();

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // The fast document path renders its per-campaign template through here with a given view.
  const template = (context as { captureView?: LocalizedCaptureView }).captureView;
  if (template) return data(template, { status: 200 });
  const { db, env, secret } = await getServices();
  keyVisitorIds(secret);
  const url = new URL(request.url);
  const address = clientAddress(request);
  let target;
  try {
    target = await captureTargetOf(db, { params, searchParams: url.searchParams, clientAddress: address });
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw unexpectedInLanguage(error, request);
    const { language } = visitLanguageOf({ headers: request.headers, searchParams: url.searchParams });
    throw data({ locale: pageLocaleOf(language, ["capture"]) }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds ?? 60) } });
  }
  const afterPost = postedRequests.has(context);
  const visitor = env.VISITOR_ID === "cookie" && !afterPost ? visitorIdOf(request.headers.get("cookie")) : undefined;
  const view = await openCapturePage(db, {
    campaignId: target.campaignId,
    visit: {
      method: request.method,
      headers: request.headers,
      clientAddress: address,
      searchParams: withLanguageParam(target.searchParams, url.searchParams),
      afterPost,
      acceptedPost: acceptedRequests.has(context),
      viewer: hasSessionCookie(request) ? () => viewerOf(request) : undefined,
      visitor,
    },
  }).catch((error: unknown) => {
    throw unexpectedInLanguage(error, request);
  });
  // The visitor id is set on the page itself, never by a redirect; so is the switcher's choice.
  const secure = env.appUrl.protocol === "https:";
  const cookies = [
    ...(visitor?.issue && view.state !== "not-found" ? [visitorCookieHeader(visitor.id, secure)] : []),
    ...(remembersChoice(request, url, view.language) ? [languageCookieHeader(view.language, secure)] : []),
  ];
  // One cookie as a plain header (as before languages); two need a Headers to carry both.
  const headers =
    cookies.length > 1
      ? new Headers(cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]))
      : cookies.length
        ? { "Set-Cookie": cookies[0]! }
        : undefined;
  return data(localize(view), { status: view.state === "not-found" ? 404 : 200, headers });
}

/** The switcher's choice is new and the page is in it (a language without the owner's words is not remembered). */
function remembersChoice(request: Request, url: URL, shown: string) {
  return visitLanguageOf({ headers: request.headers, searchParams: url.searchParams }).remember && url.searchParams.get(LANGUAGE_PARAM) === shown;
}

/**
 * An unexpected failure says so in the visitor's language: the error page gets that language's
 * two sentences. An overload goes on as it is (the server answers it as an outage).
 */
function unexpectedInLanguage(error: unknown, request: Request) {
  if (isCaptureOverload(error)) return error;
  logger.error({ err: error, url: request.url }, "unhandled route error");
  const { language } = visitLanguageOf({ headers: request.headers, searchParams: new URL(request.url).searchParams });
  const locale = pageLocaleOf(language, ["capture"], { capture: ["errors.unexpectedTitle", "errors.unexpectedBody", "form.language"] });
  return data({ locale }, { status: 500 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  postedRequests.add(context);
  // The HTTP edge answered the post already and renders its page through here.
  const answered = (context as { leadAnswer?: LeadPostAnswer }).leadAnswer;
  if (answered?.body.ok) acceptedRequests.add(context);
  if (answered) return data(answered.body, { status: answered.status, headers: answered.headers });
  let fields: Record<string, string>;
  try {
    fields = formFields(await request.formData());
  } catch {
    return data(UNREADABLE_POST.body, { status: UNREADABLE_POST.status });
  }
  const { db } = await getServices();
  const answer = await answerLeadPost(db, {
    params,
    fields,
    clientAddress: clientAddress(request),
    userAgent: request.headers.get("user-agent"),
    cookie: request.headers.get("cookie"),
  });
  if (answer.body.ok) acceptedRequests.add(context);
  return data(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * With JavaScript the form posts to its JSON endpoint: the same answer as the
 * action's, without a document request around it. Whatever goes wrong on the way, the visitor
 * keeps the form with what they typed and can try again.
 */
export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<LeadFormResult> {
  const form = await request.formData();
  const fields = [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string");
  try {
    const response = await fetch(leadPostPathOf(params), {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    if ((response.headers.get("content-type") ?? "").startsWith("application/json")) return (await response.json()) as LeadFormResult;
  } catch {
    // Offline, or the connection dropped: answered below.
  }
  const typed = Object.fromEntries(fields);
  return {
    ok: false,
    error: SUBMISSION_ERRORS.failed,
    values: { name: typed.name ?? "", email: typed.email ?? "", phone: typed.phone ?? "", marketingConsent: typed[CONSENT_FIELD] === "yes" },
    scanToken: typed[SCAN_TOKEN_FIELD],
  };
}

// Every render may count a scan: never reuse a stored copy, and never revalidate after a submit.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? false : defaultShouldRevalidate);

export default function Capture({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageLanguage locale={loaderData.locale}>
      <CaptureScreen loaderData={loaderData} actionData={actionData} />
    </PageLanguage>
  );
}

function CaptureScreen({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
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
    case "claimed":
      return <ThankYouScreen offer={loaderData.offer} checkEmail={false} claim={loaderData.claim} alreadyClaimed={false} />;
  }
}

function titleOf(view: Route.MetaArgs["data"], error: unknown) {
  if (view?.state === "form" || view?.state === "claimed") return view.offer.headline;
  const words = view?.locale.messages.capture ?? localeOfError(error).messages.capture!;
  if (view?.state === "limit") return words.limit?.title ?? "";
  if (error && !(isRouteErrorResponse(error) && error.status === 404)) return words.errors?.unexpectedTitle ?? "";
  return words.notFound?.pageTitle ?? "";
}

export const meta: Route.MetaFunction = ({ data: view, error }) => [{ title: titleOf(view, error) }, { name: "robots", content: "noindex" }];

/** A refusal carries the visitor's language; an unexpected error (no loader data) is in English. */
function localeOfError(error: unknown): PageLocale {
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  return data && typeof data === "object" && "locale" in data ? (data as { locale: PageLocale }).locale : ERROR_FALLBACK_LOCALE;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PageLanguage locale={localeOfError(error)}>
      <GeneralErrorBoundary
        error={error}
        statusHandlers={{
          404: () => <NotFoundScreen design={DEFAULT_PAGE_DESIGN} />,
          429: () => <CaptureAlert title="errors.waitTitle" body="errors.shortLinkRefused" />,
        }}
        unexpectedErrorHandler={() => <CaptureAlert title="errors.unexpectedTitle" body="errors.unexpectedBody" />}
      />
    </PageLanguage>
  );
}

function CaptureAlert({ title, body }: { title: ErrorKey; body: ErrorKey }) {
  const { t } = useTranslation("capture");
  return (
    <CaptureFrame design={DEFAULT_PAGE_DESIGN}>
      <main className="cq-main">
        <div className="cq-card" role="alert">
          <h1>{t(title)}</h1>
          <p>{t(body)}</p>
        </div>
      </main>
    </CaptureFrame>
  );
}
