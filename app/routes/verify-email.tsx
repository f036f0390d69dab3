/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { data, Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AuthCard, Notice } from "~/features/auth/auth-card";
import { VERIFY_LINK_INVALID } from "~/features/auth/recovery";
import { openVerificationLink, resendVerification } from "~/features/auth/recovery.server";
import { getSessionUser, requireUser } from "~/features/auth/session.server";
import { answerDomainError, setCookieHeaders, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/verify-email";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const signedIn = await getSessionUser(request);
  if (!token) return { outcome: null, signedIn: Boolean(signedIn), verified: signedIn?.emailVerified ?? false };
  const { db } = await getServices();
  const { outcome, setCookies } = await openVerificationLink(db, { token, headers: request.headers });
  const headers = setCookieHeaders(setCookies);
  const after = await getSessionUser(request);
  return data({ outcome, signedIn: Boolean(after), verified: after?.emailVerified ?? false }, { headers });
}

type ResendData = { resent?: true; error?: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return answerDomainError(
    async () => {
      const outcome = await resendVerification({ user, headers: request.headers });
      if (outcome === "already_verified") return data<ResendData>({ error: "Your email address is already confirmed." }, { status: 200 });
      if (outcome === "not_sent") return data<ResendData>({ error: "We could not send a new link. Please try again later." }, { status: 400 });
      return data<ResendData>({ resent: true }, { status: 200 });
    },
    (refusal): ResendData => ({ error: refusal.message }),
  );
}

export const headers = withRefusalHeaders();

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { outcome, signedIn, verified } = loaderData;
  if (actionData?.resent) {
    return (
      <AuthCard title="Check your inbox">
        <Notice tone="success">We sent a new confirmation link. It is valid for 24 hours.</Notice>
        <Link to="/dashboard" className={buttonClass({ size: "block" })}>
          Back to your dashboard
        </Link>
      </AuthCard>
    );
  }
  if (outcome?.state === "verified" || outcome?.state === "changed") {
    return (
      <AuthCard title={outcome.state === "changed" ? "Email address changed" : "Email address confirmed"}>
        <Notice tone="success">
          {outcome.state === "changed"
            ? `Your account now uses ${outcome.email}.`
            : "Thanks, your email address is confirmed. Lead notifications are on."}
        </Notice>
        <Link to={signedIn ? "/dashboard" : "/signin"} className={buttonClass({ size: "block" })}>
          {signedIn ? "Go to your dashboard" : "Sign in"}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your email address">
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {outcome?.state === "invalid" ? <Notice tone="error">{VERIFY_LINK_INVALID}</Notice> : null}
      {signedIn && !verified ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="resend" />
          <p className="text-center text-sm text-gray-600">We can send you a new link, valid for 24 hours.</p>
          <button type="submit" className={buttonClass({ size: "block" })}>
            Send a new link
          </button>
        </Form>
      ) : signedIn ? (
        <Link to="/settings" className={buttonClass({ size: "block" })}>
          Go to settings
        </Link>
      ) : (
        <>
          <p className="text-center text-sm text-gray-600">Sign in to ask for a new link.</p>
          <Link to="/signin" className={buttonClass({ size: "block" })}>
            Sign in
          </Link>
        </>
      )}
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm Email · LeadQR" }];
