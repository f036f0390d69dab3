import type { z } from "zod";
import { getEnv } from "~/utils/env.server";

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
