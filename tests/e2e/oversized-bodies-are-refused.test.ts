// Bodies are capped before anything reads them: a declared size over the cap gets 413 at once,
// and a body that does not declare its size (chunked) gets 411, so the cap cannot be sidestepped.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";

/** Sends headers and `sent` bytes of a body, then reads the answer without finishing the body. */
function rawPost(path: string, headers: Record<string, string>, sent: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${BASE_URL}${path}`, { method: "POST", headers });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", reject);
    });
    request.on("error", (error) =>
      (error as NodeJS.ErrnoException).code === "ECONNRESET" || (error as NodeJS.ErrnoException).code === "EPIPE" ? undefined : reject(error),
    );
    request.write(sent);
  });
}

const ONE_MB = 1024 * 1024;

test("a form body declared over 1 MB is refused with 413 before it is read", async () => {
  for (const path of [
    "/settings",
    "/campaigns",
    "/signin",
    "/capture/00000000-0000-4000-8000-000000000000",
    "/capture/00000000-0000-4000-8000-000000000000.data",
    "/capture/00000000-0000-4000-8000-000000000000/lead",
  ]) {
    const answer = await rawPost(
      path,
      { "content-type": "application/x-www-form-urlencoded", "content-length": String(ONE_MB + 1) },
      Buffer.from("intent=x"),
    );
    expect({ path, ...answer }).toEqual({ path, status: 413, body: "Request too large." });
  }
});

test("an upload declared over 6 MB is refused with 413", async () => {
  for (const path of ["/api/logo", "/admin/blog/new"]) {
    const answer = await rawPost(
      path,
      { "content-type": "multipart/form-data; boundary=x", "content-length": String(6 * ONE_MB + 1) },
      Buffer.from("--x\r\n"),
    );
    expect({ path, status: answer.status }).toEqual({ path, status: 413 });
  }
});

test("a body without a declared length is refused with 411", async () => {
  const answer = await rawPost(
    "/signin",
    { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
    Buffer.from("5\r\nemail\r\n"),
  );
  expect(answer).toEqual({ status: 411, body: "Length required." });
});

test("ordinary form posts still work", async () => {
  const response = await fetch(`${BASE_URL}/signin`, {
    method: "POST",
    body: new URLSearchParams({ email: "nobody@example.com", password: "wrong-password" }),
    redirect: "manual",
  });
  expect(response.status).toBe(401);
});
