/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { EmailRequestCard } from "~/features/auth/email-request-card";
import { answerEmailRequest } from "~/features/auth/email-request.server";
import { requireAnonymous } from "~/features/auth/session.server";
import { SIGN_IN_LINK_REQUESTED, SIGN_IN_LINK_TERMS } from "~/features/auth/sign-in-link";
import { requestSignInLink } from "~/features/auth/sign-in-link.server";
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
  return (
    <EmailRequestCard
      id="sign-in-link"
      title="Email me a sign-in link"
      intro="Enter your account's email address and we'll email you a link that signs you in, no password needed."
      sent={
        <>
          <p>{SIGN_IN_LINK_REQUESTED}</p>
          <p className="mt-1">{SIGN_IN_LINK_TERMS}</p>
        </>
      }
      submitLabel="Email me a sign-in link"
      actionData={actionData}
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Email Me a Sign-in Link · LeadQR" }];
