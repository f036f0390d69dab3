// Rules: docs/features/offers-and-the-counter.md ("An already used code is an alert").
import { ChevronDown, Menu, QrCode, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { BusinessSwitcher, type HeaderBusiness } from "./business-switcher";
import type { HeaderWords } from "./site-header.server";

/**
 * `counterOnly`: a staff member of another business, who has the counter and nothing else;
 * `member`: a manager or viewer of another business, who has their own alerts and sign-in but not
 * the business's settings, and a viewer no leads
 * or counter (docs/features/team.md, "What each role sees"); `businesses`: the switcher's list, for
 * a sign-in that is a member of another business.
 */
export type HeaderUser = { email: string; isAdmin: boolean; counterOnly?: boolean; member?: "manager" | "viewer"; businesses?: HeaderBusiness[] };

type NavItem = { to: string; label: string };

function navItems(user: HeaderUser | null, t: HeaderWords): NavItem[] {
  if (!user)
    return [
      { to: "/blog", label: t.blog },
      { to: "/pricing", label: t.pricing },
    ];
  if (user.counterOnly) return [{ to: "/redeem", label: t.redeem }];
  return [
    { to: "/dashboard", label: t.dashboard },
    { to: "/campaigns", label: t.campaigns },
    // The counter, where staff and the owner check and redeem offer codes. A viewer reads no lead.
    ...(user.member === "viewer"
      ? []
      : [
          { to: "/leads", label: t.leads },
          { to: "/redeem", label: t.redeem },
        ]),
    { to: "/blog", label: t.blog },
    ...(user.isAdmin ? [{ to: "/admin", label: t.admin }] : []),
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-blue-50 text-blue-700" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900"}`;

/**
 * Menus are <details> elements: they open and close without JavaScript and with the keyboard.
 * With JavaScript they also close after navigating, on Escape and on a click outside.
 */
function useDisclosureReset() {
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.key]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);
  return ref;
}

/** The words come from the layout's loader (`headerWords`), already in the owner's language. */
export function SiteHeader({ user, words: t }: { user: HeaderUser | null; words: HeaderWords }) {
  const items = navItems(user, t);
  const mobileMenu = useDisclosureReset();
  const switcher = useDisclosureReset();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <nav aria-label={t.main} className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <NavLink to={user ? "/dashboard" : "/"} className="flex shrink-0 items-center gap-2 text-lg font-bold text-gray-900">
            <QrCode aria-hidden className="h-7 w-7 text-blue-700" />
            {t.home}
          </NavLink>
          {user?.businesses?.length ? <BusinessSwitcher businesses={user.businesses} words={t} menuRef={switcher} /> : null}
        </div>
        <div className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass} end={item.to === "/admin"}>
              {item.label}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-2 md:flex">{user ? <UserMenu user={user} words={t} /> : <SignedOutActions words={t} />}</div>
        <details ref={mobileMenu} className="group md:hidden">
          <summary
            aria-label={t.toggleMenu}
            className="flex cursor-pointer list-none items-center rounded-md p-2 text-gray-700 hover:bg-gray-100 [&::-webkit-details-marker]:hidden"
          >
            <Menu aria-hidden className="h-6 w-6 group-open:hidden" />
            <X aria-hidden className="hidden h-6 w-6 group-open:block" />
          </summary>
          <div className="absolute inset-x-0 top-16 border-b border-gray-200 bg-white px-4 pb-4 shadow-lg">
            <div className="flex flex-col gap-1 pt-2">
              {items.map((item) => (
                <NavLink key={item.to} to={item.to} className={linkClass}>
                  {item.label}
                </NavLink>
              ))}
            </div>
            <div className="mt-3 border-t border-gray-200 pt-3">
              {user ? (
                <div className="flex flex-col gap-1">
                  <p className="px-3 text-sm text-gray-900">{user.email}</p>
                  <p className="px-3 text-xs text-gray-500">{t.plan}</p>
                  {user.counterOnly ? null : <OwnSettingsLinks member={Boolean(user.member)} words={t} className={linkClass} />}
                  <SignOutButton words={t} className="rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100" />
                </div>
              ) : (
                <SignedOutActions words={t} />
              )}
            </div>
          </div>
        </details>
      </nav>
    </header>
  );
}

function SignedOutActions({ words: t }: { words: HeaderWords }) {
  return (
    <div className="flex items-center gap-2">
      <NavLink to="/signin" className={linkClass}>
        {t.signIn}
      </NavLink>
      <NavLink to="/signup" className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700">
        {t.getStarted}
      </NavLink>
    </div>
  );
}

function UserMenu({ user, words: t }: { user: HeaderUser; words: HeaderWords }) {
  const menu = useDisclosureReset();
  return (
    <details ref={menu} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg border border-gray-200 px-3 py-1.5 text-sm hover:bg-gray-50 [&::-webkit-details-marker]:hidden">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-blue-600 text-xs font-bold text-white" aria-hidden>
          {user.email.charAt(0).toUpperCase()}
        </span>
        {/* The name is the visible text with its purpose first (WCAG 2.5.3: the name contains the label). */}
        <span className="sr-only">{t.userMenu}</span>
        <span className="max-w-40 truncate text-gray-700">{user.email}</span>
        <ChevronDown aria-hidden className="h-4 w-4 text-gray-500" />
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-lg border border-gray-200 bg-white p-2 shadow-lg">
        <div className="border-b border-gray-100 px-3 pb-2">
          <p className="truncate text-sm font-medium text-gray-900">{user.email}</p>
          <p className="text-xs text-gray-500" data-testid="plan-name">
            {t.plan}
          </p>
        </div>
        {user.counterOnly ? null : (
          <OwnSettingsLinks
            member={Boolean(user.member)}
            words={t}
            className="mt-1 block rounded-md px-3 py-2 text-sm text-gray-700 hover:bg-gray-100"
          />
        )}
        <SignOutButton words={t} className="block w-full rounded-md px-3 py-2 text-left text-sm text-gray-700 hover:bg-gray-100" />
      </div>
    </details>
  );
}

/**
 * The owner's Settings; a manager's or viewer's own two screens instead (the business's settings
 * are the owner's: docs/features/team.md, "What each role sees").
 */
function OwnSettingsLinks({ member, words: t, className }: { member: boolean; words: HeaderWords; className: string | typeof linkClass }) {
  if (!member)
    return (
      <NavLink to="/settings" className={className}>
        {t.settings}
      </NavLink>
    );
  return (
    <>
      <NavLink to="/settings/notifications" className={className}>
        {t.myNotifications}
      </NavLink>
      <NavLink to="/settings/sign-in" className={className}>
        {t.mySignIn}
      </NavLink>
    </>
  );
}

function SignOutButton({ className, words: t }: { className: string; words: HeaderWords }) {
  return (
    <Form method="post" action="/signout">
      <button type="submit" className={className}>
        {t.signOut}
      </button>
    </Form>
  );
}
