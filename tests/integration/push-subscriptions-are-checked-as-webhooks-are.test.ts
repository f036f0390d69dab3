// Without the private-targets switch, a browser's push subscription must point at a public https
// push service: its endpoint is checked as webhook endpoints are (scheme, port, private addresses).
import { describe, expect, it } from "vitest";
import { checkPushSubscription } from "~/features/alerts/push.server";

const keys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
const refusal = (endpoint: string, subscriptionKeys = keys) =>
  checkPushSubscription(JSON.stringify({ endpoint, keys: subscriptionKeys })).then(
    () => "accepted",
    (error: Error) => error.message,
  );

describe("a push subscription", () => {
  it("is refused unless its endpoint is https on a public address and an allowed port, with a P-256 key and a 16-byte secret", async () => {
    expect(await refusal("http://fcm.googleapis.com/fcm/send/abc")).toBe("The URL must start with https://");
    expect(await refusal("https://127.0.0.1/push/abc")).toBe("This address points to a private or local network, which webhooks cannot reach.");
    expect(await refusal("https://[fd00::1]:8443/push/abc")).toBe("This address points to a private or local network, which webhooks cannot reach.");
    expect(await refusal("https://push.internal/abc")).toBe("This address points to a private or local network, which webhooks cannot reach.");
    expect(await refusal("https://93.184.216.34:22/push/abc")).toBe("Use port 443, 80 or a port above 1023 (or leave the port out)");
    expect(await refusal("https://93.184.216.34/push/abc", { ...keys, auth: "AAAA" })).toBe(
      "This browser did not give a usable push subscription. Reload the page and try again.",
    );
    expect(await refusal("https://93.184.216.34/push/abc")).toBe("accepted");
  });
});
