import { data, Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AuthCard, Notice } from "~/features/auth/auth-card";
import { openVerificationLink, resendVerification } from "~/features/auth/recovery.server";
import { getSessionUser, requireUser } from "~/features/auth/session.server";
import { ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
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
  const t = ownerT("auth", ownerLanguageFor(user, request.headers.get("accept-language")));
  return answerDomainError(
    async () => {
      const outcome = await resendVerification({ user, headers: request.headers });
      if (outcome === "already_verified") return data<ResendData>({ error: t("verify.alreadyConfirmed") }, { status: 200 });
      if (outcome === "not_sent") return data<ResendData>({ error: t("verify.notSent") }, { status: 400 });
      return data<ResendData>({ resent: true }, { status: 200 });
    },
    (refusal): ResendData => ({ error: refusal.message }),
  );
}

export const headers = withRefusalHeaders();

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("auth");
  const { outcome, signedIn, verified } = loaderData;
  if (actionData?.resent) {
    return (
      <AuthCard title={t("verify.inboxTitle")}>
        <Notice tone="success">{t("verify.resent")}</Notice>
        <Link to="/dashboard" className={buttonClass({ size: "block" })}>
          {t("verify.backToDashboard")}
        </Link>
      </AuthCard>
    );
  }
  if (outcome?.state === "verified" || outcome?.state === "changed") {
    return (
      <AuthCard title={outcome.state === "changed" ? t("verify.changedTitle") : t("verify.confirmedTitle")}>
        <Notice tone="success">{outcome.state === "changed" ? t("verify.changed", { email: outcome.email }) : t("verify.confirmed")}</Notice>
        <Link to={signedIn ? "/dashboard" : "/signin"} className={buttonClass({ size: "block" })}>
          {signedIn ? t("verify.goToDashboard") : t("verify.signIn")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("verify.title")}>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {outcome?.state === "invalid" ? <Notice tone="error">{t("verify.invalid")}</Notice> : null}
      {signedIn && !verified ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="resend" />
          <p className="text-center text-sm text-gray-600">{t("verify.newLinkHint")}</p>
          <button type="submit" className={buttonClass({ size: "block" })}>
            {t("verify.sendNew")}
          </button>
        </Form>
      ) : signedIn ? (
        <Link to="/settings" className={buttonClass({ size: "block" })}>
          {t("verify.goToSettings")}
        </Link>
      ) : (
        <>
          <p className="text-center text-sm text-gray-600">{t("verify.signInToAsk")}</p>
          <Link to="/signin" className={buttonClass({ size: "block" })}>
            {t("verify.signIn")}
          </Link>
        </>
      )}
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("auth", ownerLanguageIn(matches))("verify.pageTitle") }];
