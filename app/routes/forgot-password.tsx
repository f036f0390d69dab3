import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AuthCard, Notice } from "~/features/auth/auth-card";
import { ForgotPasswordSchema, RESET_REQUESTED } from "~/features/auth/recovery";
import { requestPasswordReset } from "~/features/auth/recovery.server";
import { getFormProps, useValidatedForm, type FormResult } from "~/utils/form";
import { answerDomainError, formFields, submit, readForm, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import type { Route } from "./+types/forgot-password";

type ForgotData = { sent?: true; error?: string; email?: string; result?: FormResult };

/** Always the same answer for any well-formed address, so it tells a stranger nothing. */
export async function action({ request }: Route.ActionArgs) {
  const fields = formFields(await readForm(request));
  const parsed = submit(
    ForgotPasswordSchema,
    { email: fields.email ?? "" },
    {
      reply: (fieldErrors): ForgotData => ({ error: fieldErrors.email, email: (fields.email ?? "").slice(0, 254) }),
    },
  );
  if (!parsed.ok) return parsed.response;
  const { email } = parsed.value;
  return answerDomainError(
    async () => {
      await requestPasswordReset({ email, headers: request.headers, clientAddress: clientAddress(request) });
      return data<ForgotData>({ sent: true, email }, { status: 200 });
    },
    (refusal): ForgotData => ({ error: refusal.message, email }),
  );
}

export const headers = withRefusalHeaders();

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useValidatedForm(ForgotPasswordSchema, { id: "forgot-password", lastResult: actionData?.result });
  return (
    <AuthCard title="Forgot your password?">
      {actionData?.sent ? (
        <Notice tone="success">
          <p>{RESET_REQUESTED}</p>
          <p className="mt-1">The link works once and is valid for 1 hour.</p>
        </Notice>
      ) : (
        <p className="text-center text-sm text-gray-600">Enter your account's email address and we'll email you a link to choose a new password.</p>
      )}
      {actionData?.error && !actionData.result ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field id="email" label="Email address" errors={fields.email.errors}>
          {(control) => (
            <Input {...control} name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={actionData?.email} />
          )}
        </Field>
        <Button type="submit" size="block" disabled={busy}>
          {actionData?.sent ? "Send another link" : "Send reset link"}
        </Button>
      </Form>
      <p className="text-center text-sm text-gray-600">
        <Link to="/signin" className="font-medium text-blue-600 hover:text-blue-700">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Forgot Password · LeadQR" }];
