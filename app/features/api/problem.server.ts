import type { z } from "zod";
import type { DomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";

const TITLE_BY_STATUS: Record<number, string> = { 403: "Forbidden", 404: "Not found", 409: "Limit reached", 429: "Too many requests" };

/** An expected API failure, answered as application/problem+json (RFC 9457). */
export class ApiProblem extends Error {
  constructor(
    public status: number,
    public title: string,
    public detail?: string,
    public errors?: Array<{ path: string; message: string }>,
    public headers: Record<string, string> = {},
  ) {
    super(detail ?? title);
  }

  /**
   * A domain refusal, with its status from CODE_TO_STATUS. A refused input (`field` names it) is
   * answered like every other invalid body: 422 "Validation failed", the API's documented status.
   */
  static fromDomainError(error: DomainError, field?: string) {
    if (field) return new ApiProblem(422, "Validation failed", error.message, [{ path: field, message: error.message }]);
    return new ApiProblem(error.status, TITLE_BY_STATUS[error.status] ?? "Request refused", error.message, undefined, error.headers);
  }

  static validation(error: z.ZodError, status = 422) {
    return new ApiProblem(
      status,
      "Validation failed",
      "Some fields are missing or invalid.",
      error.issues.map((issue) => ({ path: issue.path.join(".") || "(body)", message: issue.message })),
    );
  }
}

export function problemResponse(problem: ApiProblem, headers: Record<string, string> = {}) {
  const slug = problem.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const body = {
    type: `${getEnv().appOrigin}/docs/api#problem-${slug}`,
    title: problem.title,
    status: problem.status,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...headers, ...problem.headers },
  });
}
