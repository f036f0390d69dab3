import { Form } from "react-router";
import type { VerifyBannerWords } from "./verify-email-banner.server";

/**
 * Shown on every page until the account's address is verified; the resend works without JavaScript.
 * Its words come with the layout's data, in the member's language (`verifyBannerWords`).
 */
export function VerifyEmailBanner({ email, words }: { email: string; words: VerifyBannerWords }) {
  return (
    <div role="region" aria-label={words.label} className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          {words.before}
          <strong className="break-all">{email}</strong>
          {words.after}
        </p>
        <Form method="post" action="/verify-email" className="shrink-0">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-medium text-amber-900 hover:bg-amber-100">
            {words.resend}
          </button>
        </Form>
      </div>
    </div>
  );
}
