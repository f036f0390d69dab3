/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { Form } from "react-router";

/** Shown on every page until the account's address is verified; the resend works without JavaScript. */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <div role="region" aria-label="Confirm your email address" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          Please confirm your email address: we sent a link to <strong className="break-all">{email}</strong>. Until then, lead notifications are
          held.
        </p>
        <Form method="post" action="/verify-email" className="shrink-0">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-medium text-amber-900 hover:bg-amber-100">
            Resend link
          </button>
        </Form>
      </div>
    </div>
  );
}
