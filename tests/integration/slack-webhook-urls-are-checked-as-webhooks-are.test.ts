// Without the private-targets switch, only Slack's own https webhook address is accepted: the
// owner's URL is checked as webhook endpoints are (scheme, port, private addresses) and by shape.
import { describe, expect, it } from "vitest";
import { checkSlackUrl } from "~/features/alerts/alert-settings.server";

const refusal = (url: string) =>
  checkSlackUrl(url).then(
    () => "accepted",
    (error: Error) => error.message,
  );

describe("a Slack webhook URL", () => {
  it("is refused unless it is https on hooks.slack.com at a /services/T…/B…/… path", async () => {
    expect(await refusal("http://hooks.slack.com/services/T0/B0/abc")).toBe("The URL must start with https://");
    expect(await refusal("https://127.0.0.1/services/T0/B0/abc")).toBe(
      "This address points to a private or local network, which webhooks cannot reach.",
    );
    expect(await refusal("https://10.1.2.3:8443/services/T0/B0/abc")).toBe(
      "This address points to a private or local network, which webhooks cannot reach.",
    );
    expect(await refusal("https://hooks.slack.com:22/services/T0/B0/abc")).toBe("Use port 443, 80 or a port above 1023 (or leave the port out)");
    expect(await refusal("https://93.184.216.34/services/T0/B0/abc")).toContain("Paste the webhook URL Slack gave you");
    expect(await refusal("not a url")).toBe("Enter a full URL, like https://example.com/webhooks/leadqr");
  });
});
