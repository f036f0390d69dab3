import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard, authButtonClass, authInputClass, Notice } from "~/features/auth/auth-card";
import { RESET_REQUESTED } from "~/features/auth/recovery";
import { requestPasswordReset } from "~/features/auth/recovery.server";
import { formFields, readForm } from "~/utils/http.server";
import type { Route } from "./+types/forgot-password";

export async function action({ request }: Route.ActionArgs) {
  const result = await requestPasswordReset(request, formFields(await readForm(request)));
  return data(result.body, { status: result.status });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
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
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post" className="space-y-4">
        <div>
          <label htmlFor="email" className="block text-sm font-medium text-gray-700">
            Email address
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={actionData?.email}
            className={authInputClass}
          />
        </div>
        <button type="submit" disabled={busy} className={authButtonClass}>
          {actionData?.sent ? "Send another link" : "Send reset link"}
        </button>
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
