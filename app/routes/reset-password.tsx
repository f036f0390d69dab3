import { data, Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, type FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AuthCard, Notice } from "~/features/auth/auth-card";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/auth/auth.schema";
import { NewPasswordSchema, ResetPasswordSchema } from "~/features/auth/recovery";
import { isResetTokenUsable, resetPassword } from "~/features/auth/recovery.server";
import { countActiveApiKeys } from "~/features/integrations/api-keys.server";
import { ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { getFormProps, serverOnlyErrors, useValidatedForm, type FormResult } from "~/utils/form";
import { answerDomainError, formFields, submit, readForm, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/reset-password";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { db } = await getServices();
  // The token is already in the address bar; the form sends it back.
  return { usable: await isResetTokenUsable(db, { token }), token: token.slice(0, 200) };
}

type ResetData = { done?: true; activeApiKeys?: number; invalid?: true; error?: string; fieldErrors?: Record<string, string>; result?: FormResult };

export async function action({ request }: Route.ActionArgs) {
  const fields = formFields(await readForm(request));
  const parsed = submit<typeof ResetPasswordSchema, ResetData>(ResetPasswordSchema, fields, { hideFields: ["password", "confirmPassword", "token"] });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  const { token, password } = parsed.value;
  return answerDomainError(
    async () => {
      const outcome = await resetPassword(db, { token, password, headers: request.headers, clientAddress: clientAddress(request) });
      if (outcome.state === "invalid") return data<ResetData>({ invalid: true }, { status: 400 });
      if (outcome.state === "weak") return data<ResetData>({ fieldErrors: { password: outcome.reasons.join(". ") } }, { status: 422 });
      return data<ResetData>({ done: true, activeApiKeys: await countActiveApiKeys(db, { userId: outcome.userId }) }, { status: 200 });
    },
    (refusal): ResetData => ({ error: refusal.message }),
  );
}

export const headers = withRefusalHeaders();

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("auth");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useValidatedForm(NewPasswordSchema, { id: "reset-password", lastResult: actionData?.result });
  if (actionData?.done) {
    return (
      <AuthCard title={t("reset.doneTitle")}>
        <Notice tone="success">{t("reset.done")}</Notice>
        {actionData.activeApiKeys ? <Notice tone="warning">{t("reset.apiKeys", { count: actionData.activeApiKeys })}</Notice> : null}
        <Link to="/signin" className={buttonClass({ size: "block" })}>
          {t("reset.signIn")}
        </Link>
      </AuthCard>
    );
  }
  if (!loaderData.usable || actionData?.invalid) {
    return (
      <AuthCard title={t("reset.invalidTitle")}>
        <Notice tone="error">{t("reset.invalid")}</Notice>
        <p className="text-center text-sm text-gray-600">{t("reset.invalidHint")}</p>
        <Link to="/forgot-password" className={buttonClass({ size: "block" })}>
          {t("reset.requestNew")}
        </Link>
      </AuthCard>
    );
  }
  // Strength is judged against the account once the link is known: those errors come without `result`.
  const serverOnly = serverOnlyErrors(actionData?.fieldErrors, actionData?.result);
  return (
    <AuthCard title={t("reset.title")}>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField name="password" label={t("reset.newPassword")} errors={fields.password.errors ?? serverOnly.password} />
        <PasswordField
          name="confirmPassword"
          label={t("reset.confirmPassword")}
          errors={fields.confirmPassword.errors ?? serverOnly.confirmPassword}
        />
        <Button type="submit" size="block" disabled={busy}>
          {t("reset.submit")}
        </Button>
      </Form>
      <p className="text-center text-xs text-gray-500">{t("reset.signsOut")}</p>
    </AuthCard>
  );
}

function PasswordField({ name, label, errors }: { name: string; label: string; errors?: FieldErrors }) {
  return (
    <Field id={name} label={label} errors={errors}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
        />
      )}
    </Field>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("auth", ownerLanguageIn(matches))("reset.pageTitle") }];
