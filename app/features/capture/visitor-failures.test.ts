import { describe, expect, it } from "vitest";
import { busyPageIn } from "./visitor-failures.server";

describe("what a visitor reads when the page cannot be served", () => {
  it("the overload page is in the page's language and direction, and still reloads itself", () => {
    const arabic = busyPageIn("ar");
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain("<h1>لحظة من فضلك…</h1>");
    expect(arabic).toContain('<meta http-equiv="refresh" content="3">');
    expect(busyPageIn("en")).toContain(
      '<h1>One moment…</h1><p role="status">This offer is very popular right now. We will try again in a few seconds.</p>',
    );
  });
});
