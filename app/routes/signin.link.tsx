import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { AuthCard, Notice } from "~/features/auth/auth-card";
import { BackToSignIn } from "~/features/auth/email-request-card";
import { getSessionUser } from "~/features/auth/session.server";
import { signInLinkAddress, signInWithLink } from "~/features/auth/sign-in-link.server";
import { ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { answerDomainError, formFields, readForm, setCookieHeaders, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/signin.link";

/**
 * Opening the emailed link only shows a button: mail scanners that fetch links must not use up
 * the one sign-in it is good for. A signed-in visitor goes to the dashboard (the link stays unused).
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/dashboard");
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  const { db } = await getServices();
  return { token, email: await signInLinkAddress(db, { token }) };
}

type LinkData = { invalid?: true; error?: string };

export async function action({ request }: Route.ActionArgs) {
  const { token = "" } = formFields(await readForm(request));
  return answerDomainError(
    async () => {
      const outcome = await signInWithLink({ token, headers: request.headers, clientAddress: clientAddress(request) });
      if (!outcome.ok) return data<LinkData>({ invalid: true }, { status: 400 });
      // The dashboard sends a staff member on to the counter, as after a password.
      return redirect("/dashboard", { headers: setCookieHeaders(outcome.setCookies) });
    },
    (refusal): LinkData => ({ error: refusal.message }),
  );
}

export const headers = withRefusalHeaders();

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("auth");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (!loaderData.email || actionData?.invalid) {
    return (
      <AuthCard title={t("link.invalidTitle")}>
        <Notice tone="error">{t("link.invalid")}</Notice>
        <p className="text-center text-sm text-gray-600">{t("link.invalidHint")}</p>
        <Link to="/signin/email-link" className={buttonClass({ size: "block" })}>
          {t("link.newLink")}
        </Link>
        <BackToSignIn />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("link.title")} intro={<span className="break-words">{t("link.as", { email: loaderData.email })}</span>}>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" size="block" disabled={busy}>
          {t("link.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("auth", ownerLanguageIn(matches))("link.pageTitle") }];
