import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "./ui/button";

/** What an error screen says: a heading, one sentence, and where to go next. */
export type ErrorScreen = { title: string; message: string };

type Handler = ErrorScreen | ((error: unknown) => ReactNode);

export const UNEXPECTED: ErrorScreen = { title: "Something went wrong", message: "An unexpected error occurred. Please try again." };

/**
 * The screens every route falls back to: a missing page, a database that does not answer, a
 * refused request (its own message), anything else.
 */
function defaultScreen(error: unknown): ErrorScreen {
  if (!isRouteErrorResponse(error)) return UNEXPECTED;
  if (error.status === 404) return { title: "Page not found", message: "The page you are looking for does not exist." };
  if (error.status === 503)
    return { title: "Service unavailable", message: "We are having trouble reaching our database. Please try again in a moment." };
  if (error.status < 500) {
    return {
      title: `Error ${error.status}`,
      message: typeof error.data === "string" && error.data ? error.data : error.statusText || UNEXPECTED.message,
    };
  }
  return UNEXPECTED;
}

/**
 * The one error boundary: each route's `ErrorBoundary` says only what differs (a screen per
 * status, the unexpected case, the way back). Thrown responses pick `statusHandlers[status]`;
 * anything else `unexpectedErrorHandler`; both fall back to the application's default screens.
 */
export function GeneralErrorBoundary({
  error,
  statusHandlers = {},
  unexpectedErrorHandler,
  back = { to: "/", label: "Back to home" },
}: {
  error: unknown;
  statusHandlers?: Partial<Record<number, Handler>>;
  unexpectedErrorHandler?: Handler;
  back?: { to: string; label: string } | null;
}) {
  // A 403 is a refusal with its own sentence (a role's page, docs/features/team.md), never "unexpected".
  const refusal = isRouteErrorResponse(error) && error.status === 403;
  const handler = isRouteErrorResponse(error)
    ? (statusHandlers[error.status] ?? (refusal ? undefined : unexpectedErrorHandler))
    : unexpectedErrorHandler;
  if (typeof handler === "function") return <>{handler(error)}</>;
  const screen = handler ?? defaultScreen(error);
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{screen.title}</h1>
      <p className="text-gray-600">{screen.message}</p>
      {back ? (
        <Link to={back.to} className={buttonClass()}>
          {back.label}
        </Link>
      ) : null}
    </main>
  );
}
