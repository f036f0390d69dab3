import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard, authButtonClass, authInputClass, Notice } from "~/features/auth/auth-card";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/auth/auth.schema";
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID } from "~/features/auth/recovery";
import { isResetTokenUsable, resetPassword } from "~/features/auth/recovery.server";
import { formFields, readForm } from "~/utils/http.server";
import type { Route } from "./+types/reset-password";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // The token is already in the address bar; the form sends it back.
  return { usable: await isResetTokenUsable(token), token: token.slice(0, 200) };
}

export async function action({ request }: Route.ActionArgs) {
  const result = await resetPassword(request, formFields(await readForm(request)));
  return data(result.body, { status: result.status });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (actionData?.done) {
    return (
      <AuthCard title="Password changed">
        <Notice tone="success">{PASSWORD_RESET_DONE}</Notice>
        <Link to="/signin" className={authButtonClass}>
          Sign in
        </Link>
      </AuthCard>
    );
  }
  if (!loaderData.usable || actionData?.invalid) {
    return (
      <AuthCard title="Reset link not valid">
        <Notice tone="error">{RESET_LINK_INVALID}</Notice>
        <p className="text-center text-sm text-gray-600">Reset links work once and for 1 hour. Ask for a new one and use the latest email.</p>
        <Link to="/forgot-password" className={authButtonClass}>
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard title="Choose a new password">
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField name="password" label="New password" error={errors.password} />
        <PasswordField name="confirmPassword" label="Confirm new password" error={errors.confirmPassword} />
        <button type="submit" disabled={busy} className={authButtonClass}>
          Set new password
        </button>
      </Form>
      <p className="text-center text-xs text-gray-500">Signing in anywhere else ends when you set a new password.</p>
    </AuthCard>
  );
}

function PasswordField({ name, label, error }: { name: string; label: string; error?: string }) {
  const errorId = `${name}-error`;
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={authInputClass}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reset Password · LeadQR" }];
