/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { EmailRequestCard } from "~/features/auth/email-request-card";
import { answerEmailRequest } from "~/features/auth/email-request.server";
import { RESET_REQUESTED } from "~/features/auth/recovery";
import { requestPasswordReset } from "~/features/auth/recovery.server";
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
  return (
    <EmailRequestCard
      id="forgot-password"
      title="Forgot your password?"
      intro="Enter your account's email address and we'll email you a link to choose a new password."
      sent={
        <>
          <p>{RESET_REQUESTED}</p>
          <p className="mt-1">The link works once and is valid for 1 hour.</p>
        </>
      }
      submitLabel="Send reset link"
      actionData={actionData}
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Forgot Password · LeadQR" }];
