import { Eye, EyeOff, Loader2 } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { AuthActionData } from "./auth-actions.server";
import { PASSWORD_MIN_LENGTH } from "./auth.schema";

export function AuthForm({ mode, actionData }: { mode: "signin" | "signup"; actionData?: AuthActionData }) {
  const [showPassword, setShowPassword] = useState(false);
  const navigation = useNavigation();
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const isSignUp = mode === "signup";
  const errorId = "auth-error";

  return (
    <main className="flex min-h-[calc(100vh-4rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-2xl font-bold text-gray-900">{isSignUp ? "Create your account" : "Sign in to your account"}</h1>
        <p className="mt-2 text-center text-sm text-gray-600">
          {isSignUp ? "Already have an account? " : "Don't have an account? "}
          <Link to={isSignUp ? "/signin" : "/signup"} className="font-medium text-blue-600 hover:text-blue-700">
            {isSignUp ? "Sign in" : "Sign up"}
          </Link>
        </p>

        {actionData?.error ? (
          <div id={errorId} role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            <p>{actionData.error}</p>
            {actionData.taken ? (
              <p className="mt-1">
                <Link to="/signin" className="font-medium underline">
                  Sign in
                </Link>{" "}
                or{" "}
                <Link to="/forgot-password" className="font-medium underline">
                  Forgot password?
                </Link>
              </p>
            ) : null}
            {actionData.reasons?.length ? (
              <ul className="mt-1 list-disc pl-5">
                {actionData.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        <Form method="post" className="mt-6 space-y-4" aria-describedby={actionData?.error ? errorId : undefined}>
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
              className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none"
            />
          </div>
          <div>
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor="password" className="block text-sm font-medium text-gray-700">
                Password
              </label>
              {isSignUp ? null : (
                <Link to="/forgot-password" className="text-sm font-medium text-blue-600 hover:text-blue-700">
                  Forgot password?
                </Link>
              )}
            </div>
            <div className="relative mt-1">
              <input
                id="password"
                name="password"
                type={showPassword ? "text" : "password"}
                autoComplete={isSignUp ? "new-password" : "current-password"}
                required
                minLength={PASSWORD_MIN_LENGTH}
                maxLength={128}
                className="block w-full rounded-lg border border-gray-300 px-3 py-2 pr-10 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none"
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? "Hide password" : "Show password"}
                aria-pressed={showPassword}
                className="absolute inset-y-0 right-0 flex items-center px-3 text-gray-500 hover:text-gray-700"
              >
                {showPassword ? <EyeOff aria-hidden className="h-5 w-5" /> : <Eye aria-hidden className="h-5 w-5" />}
              </button>
            </div>
          </div>
          <button
            type="submit"
            disabled={isSubmitting}
            className="flex w-full items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
          >
            {isSubmitting ? <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> : null}
            {isSignUp ? "Create Account" : "Sign In"}
          </button>
        </Form>
      </div>
    </main>
  );
}
