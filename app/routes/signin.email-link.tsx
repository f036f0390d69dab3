import { EmailRequestCard } from "~/features/auth/email-request-card";
import { answerEmailRequest } from "~/features/auth/email-request.server";
import { requireAnonymous } from "~/features/auth/session.server";
import { requestSignInLink } from "~/features/auth/sign-in-link.server";
import { ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { formFields, readForm, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import type { Route } from "./+types/signin.email-link";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const client = { headers: request.headers, clientAddress: clientAddress(request) };
  return answerEmailRequest(formFields(await readForm(request)), client, requestSignInLink);
}

export const headers = withRefusalHeaders();

export default function EmailMeASignInLink({ actionData }: Route.ComponentProps) {
  const t = useOwnerT("auth");
  return (
    <EmailRequestCard
      id="sign-in-link"
      title={t("emailLink.title")}
      intro={t("emailLink.intro")}
      sent={
        <>
          <p>{t("emailLink.sent")}</p>
          <p className="mt-1">{t("emailLink.terms")}</p>
        </>
      }
      submitLabel={t("emailLink.submit")}
      actionData={actionData}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("auth", ownerLanguageIn(matches))("emailLink.pageTitle") }];
