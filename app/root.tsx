// Rules: docs/features/capture-and-leads.md ("A bare document"); docs/features/visitor-languages.md ("The switcher");
//   docs/features/counting.md ("The dashboard").
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useNavigation } from "react-router";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { useNonce } from "./utils/nonce";
import { directionOf, isLanguage, type Language } from "./features/languages/languages";

/**
 * A route whose `handle` has `bareDocument: true` brings its own inline styles and gets no app
 * stylesheet: its first response alone must render (the capture page).
 */
function useBareDocument() {
  return useMatches().some((match) => (match.handle as { bareDocument?: boolean } | undefined)?.bareDocument);
}

/**
 * The document's language from its routes' data: a visitor's page says its own (`locale`); an
 * owner's page the signed-in member's (`ownerLanguage`, from the layout's data), whose catalogue
 * the browser loads before hydrating; English otherwise.
 */
export function documentLanguageOf(routeData: readonly unknown[]): { language: Language; dir: "ltr" | "rtl"; owner: boolean } {
  const data = routeData as ({ locale?: { language?: unknown }; ownerLanguage?: unknown } | undefined)[];
  const visitor = data.map((each) => each?.locale?.language).find(isLanguage);
  const owner = visitor ? undefined : data.map((each) => each?.ownerLanguage).find(isLanguage);
  const language = visitor ?? owner ?? "en";
  return { language, dir: directionOf(language), owner: Boolean(owner) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const bare = useBareDocument();
  const { language, dir, owner } = documentLanguageOf(useMatches().map((match) => match.data));
  return (
    <html lang={language} dir={dir} data-owner-language={owner && language !== "en" ? language : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {bare ? null : <link rel="stylesheet" href={appStylesheet} />}
        {/* Installable, so an iPhone can add LeadQR to the Home Screen and receive push alerts (docs/features/alerts.md). */}
        {bare ? null : <link rel="manifest" href="/manifest.webmanifest" />}
        {bare ? null : <link rel="apple-touch-icon" href="/apple-touch-icon.png" />}
        <Links />
        {/* Days on the dashboard are the owner's days: the server reads this cookie. */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `try{document.cookie="tz="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax"}catch(e){}`,
          }}
        />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/** A thin bar while the next page loads, so a click is never met with nothing. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div role="progressbar" aria-label="Loading" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-blue-600" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} />;
}
