// The README's first start: no APP_URL, no email service. Signing up prints the verification
// link as one plain line among the JSON log lines; the owner opens it and is verified. At 390 and
// 1280 px.
import { expect, test } from "@playwright/test";
import { signUp } from "./support/helpers";
import { uniqueEmail } from "../support/row-factories";
import { startUnconfiguredServer } from "./support/processes";

test.describe.configure({ mode: "serial", timeout: 300_000 });

let server: Awaited<ReturnType<typeof startUnconfiguredServer>>;
test.beforeAll(async () => {
  server = await startUnconfiguredServer();
});
test.afterAll(() => server?.child.kill("SIGKILL"));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: the verification link is one plain line in the server's output, and it verifies`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, viewport, isMobile: viewport.width < 500 });
    const page = await context.newPage();
    const email = await signUp(page, uniqueEmail("first-start"));
    await expect(page.getByText("Please confirm your email address")).toBeVisible();

    const line = new RegExp(
      `^Email to ${escape(email)} not sent \\(no email service configured\\): "Confirm your email address" → (${escape(server.url)}/verify-email\\?token=\\S+)`,
      "m",
    );
    await expect.poll(() => line.test(server.output()), { timeout: 30_000 }).toBe(true);
    const link = line.exec(server.output())![1]!;
    // Not a JSON record: the line starts with the words, whole on one line.
    const printed = server
      .output()
      .split("\n")
      .find((candidate) => candidate.includes(link))!;
    expect(printed.startsWith("Email to ")).toBe(true);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByText("Please confirm your email address")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });
}
