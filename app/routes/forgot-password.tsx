import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AuthCard, Notice } from "~/features/auth/auth-card";
import { ForgotPasswordSchema, RESET_REQUESTED } from "~/features/auth/recovery";
import { requestPasswordReset } from "~/features/auth/recovery.server";
import { getFormProps, useValidatedForm } from "~/utils/form";
import { formFields, readForm } from "~/utils/http.server";
import type { Route } from "./+types/forgot-password";

export async function action({ request }: Route.ActionArgs) {
  const result = await requestPasswordReset(request, formFields(await readForm(request)));
  return data(result.body, { status: result.status });
}

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
