// The sign-in and sign-up pages open only signed out (requireAnonymous), so they are in English (a
// page signed out stays English, ownerLanguageFor), and the sign-in page must not load i18next (its
// byte budget, docs/performance.md): their words are the English owner catalogue's, read directly.
import { Eye, EyeOff, Loader2 } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { enAuthForm } from "~/features/languages/owner/en-auth-form";
import { getFormProps, useValidatedForm } from "~/utils/form";
import type { AuthActionData } from "./auth-actions.server";
import { CredentialsSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth.schema";
import { AuthCard } from "./auth-card";
import { OtherWaysToSignIn } from "./other-ways-to-sign-in";
import { SignUpSchema } from "./sign-up.schema";

const words = enAuthForm;

export function AuthForm({ mode, actionData }: { mode: "signin" | "signup"; actionData?: AuthActionData }) {
  const [showPassword, setShowPassword] = useState(false);
  const navigation = useNavigation();
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const isSignUp = mode === "signup";
  const [form, fields] = useValidatedForm(isSignUp ? SignUpSchema : CredentialsSchema, { id: mode, lastResult: actionData?.result });
  const errorId = "auth-error";
  // Field errors of the schema show at their fields; the alert is for what only the server knows.
  const alert = actionData?.error && !actionData.result ? actionData : undefined;

  return (
    <AuthCard
      title={isSignUp ? words.signUpTitle : words.signInTitle}
      intro={
        <>
          {isSignUp ? words.haveAccount : words.noAccount}
          <Link to={isSignUp ? "/signin" : "/signup"} className="font-medium text-blue-600 hover:text-blue-700">
            {isSignUp ? words.signInLink : words.signUpLink}
          </Link>
        </>
      }
    >
      {alert ? (
        <div id={errorId} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <p>{alert.error}</p>
          {alert.taken ? (
            <p className="mt-1">
              <Link to="/signin" className="font-medium underline">
                {words.signInLink}
              </Link>{" "}
              {words.or}{" "}
              <Link to="/forgot-password" className="font-medium underline">
                {words.forgot}
              </Link>
            </p>
          ) : null}
          {alert.reasons?.length ? (
            <ul className="mt-1 list-disc pl-5">
              {alert.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="space-y-4" aria-describedby={alert ? errorId : undefined}>
        <Field id="email" label={words.email} errors={fields.email.errors}>
          {(control) => (
            <Input {...control} name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={actionData?.email} />
          )}
        </Field>
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor="password" className="block text-sm font-medium text-gray-700">
              {words.password}
            </label>
            {isSignUp ? null : (
              <Link to="/forgot-password" className="text-sm font-medium text-blue-600 hover:text-blue-700">
                {words.forgot}
              </Link>
            )}
          </div>
          <div className="relative mt-1">
            <Input
              id="password"
              name="password"
              type={showPassword ? "text" : "password"}
              autoComplete={isSignUp ? "new-password" : "current-password"}
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              aria-invalid={fields.password.errors ? true : undefined}
              aria-describedby={fields.password.errors ? "password-error" : undefined}
              className="pr-10"
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-label={showPassword ? words.hidePassword : words.showPassword}
              aria-pressed={showPassword}
              className="absolute inset-y-0 right-0 flex items-center px-3 text-gray-500 hover:text-gray-700"
            >
              {showPassword ? <EyeOff aria-hidden className="h-5 w-5" /> : <Eye aria-hidden className="h-5 w-5" />}
            </button>
          </div>
          <FieldError id="password-error" errors={fields.password.errors} />
        </div>
        <Button type="submit" size="block" disabled={isSubmitting}>
          {isSubmitting ? <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> : null}
          {isSignUp ? words.createAccount : words.signIn}
        </Button>
      </Form>
      {isSignUp ? null : <OtherWaysToSignIn />}
    </AuthCard>
  );
}
