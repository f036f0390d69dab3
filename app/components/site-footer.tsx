import { Link } from "react-router";

const GROUPS = [
  {
    title: "Product",
    links: [
      { to: "/pricing", label: "Pricing" },
      { to: "/signup", label: "Get Started" },
      { to: "/blog", label: "Blog" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "mailto:support@leadqr.app", label: "Contact Support" },
      { to: "/pricing#faq", label: "FAQ" },
      { to: "/signin", label: "Sign In" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-gray-900 px-4 py-12 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">LeadQR</p>
          <p className="mt-2 text-sm">QR-code lead capture for small businesses.</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  {link.to.startsWith("mailto:") ? (
                    <a href={link.to} className="hover:text-white">
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.to} className="hover:text-white">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="mx-auto mt-10 max-w-6xl text-xs text-gray-400">© {new Date().getFullYear()} LeadQR. All rights reserved.</p>
    </footer>
  );
}
