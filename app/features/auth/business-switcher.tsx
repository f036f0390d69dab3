// Rules: docs/features/team.md ("Several businesses, one sign-in").
import { Check, ChevronDown } from "lucide-react";
import { Form } from "react-router";
import type { HeaderWords } from "./site-header.server";

/** One business the sign-in may act for; `name` null is its own ("Your business"). */
export type HeaderBusiness = { id: string; name: string | null; current: boolean };

/**
 * The header's switcher: a disclosure (works without JavaScript and with the keyboard) listing
 * the businesses, each a button posting to /business/switch; the current one is marked for eyes
 * (a tick) and for screen readers (`aria-current` and its words).
 */
export function BusinessSwitcher({
  businesses,
  words: t,
  menuRef,
}: {
  businesses: HeaderBusiness[];
  words: HeaderWords;
  menuRef: React.Ref<HTMLDetailsElement>;
}) {
  const current = businesses.find((business) => business.current);
  const nameOf = (business: HeaderBusiness) => business.name ?? t.yourBusiness;
  return (
    <details ref={menuRef} className="relative min-w-0">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-lg border border-gray-200 px-2 py-1.5 text-sm hover:bg-gray-50 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{t.switchBusiness}</span>
        <span className="max-w-28 truncate font-medium text-gray-800 sm:max-w-48">{current ? nameOf(current) : t.yourBusiness}</span>
        <ChevronDown aria-hidden className="h-4 w-4 shrink-0 text-gray-500" />
      </summary>
      <ul className="absolute left-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
        {businesses.map((business) => (
          <li key={business.id}>
            <Form method="post" action="/business/switch">
              <input type="hidden" name="businessId" value={business.id} />
              <button
                type="submit"
                aria-current={business.current ? "true" : undefined}
                className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 focus:bg-gray-100"
              >
                <span className="min-w-0 truncate">{nameOf(business)}</span>
                {business.current ? (
                  <span className="flex shrink-0 items-center gap-1 text-xs text-blue-700">
                    {/* A space for screen readers' words ("Café Azul current"); the layout gaps them already. */}{" "}
                    <Check aria-hidden className="h-4 w-4" />
                    {t.currentBusiness}
                  </span>
                ) : null}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </details>
  );
}
