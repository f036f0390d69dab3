import { EmailRequestCard } from "~/features/auth/email-request-card";
import { answerEmailRequest } from "~/features/auth/email-request.server";
import { requestPasswordReset } from "~/features/auth/recovery.server";
import { ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { formFields, readForm, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import type { Route } from "./+types/forgot-password";

/** Always the same answer for any well-formed address, so it tells a stranger nothing. */
export async function action({ request }: Route.ActionArgs) {
  const client = { headers: request.headers, clientAddress: clientAddress(request) };
  return answerEmailRequest(formFields(await readForm(request)), client, requestPasswordReset);
}

export const headers = withRefusalHeaders();

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useOwnerT("auth");
  return (
    <EmailRequestCard
      id="forgot-password"
      title={t("forgot.title")}
      intro={t("forgot.intro")}
      sent={
        <>
          <p>{t("forgot.sent")}</p>
          <p className="mt-1">{t("forgot.terms")}</p>
        </>
      }
      submitLabel={t("forgot.submit")}
      actionData={actionData}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("auth", ownerLanguageIn(matches))("forgot.pageTitle") }];
