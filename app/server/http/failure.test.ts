import { describe, expect, it } from "vitest";
import { failureStatusOf, failureTextFor } from "./failure";

describe("what any URL answers when serving it failed", () => {
  it("the plain failure follows the switcher's cookie, then the browser, else English", () => {
    expect(failureTextFor({ "accept-language": "de-DE,de;q=0.9" })).toBe("Etwas ist schiefgelaufen. Bitte versuchen Sie es noch einmal.");
    expect(failureTextFor({ "accept-language": "de-DE", cookie: "a=1; leadqr.lang=es" })).toBe("Algo ha fallado. Vuelve a intentarlo.");
    expect(failureTextFor({ "accept-language": "xh-ZA" })).toBe("Something went wrong. Please try again.");
    expect(failureTextFor({})).toBe("Something went wrong. Please try again.");
  });

  it("a failure from a database outage is a 503 to retry, anything else a 500", () => {
    const killed = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(failureStatusOf(new Error("query failed", { cause: killed }))).toEqual({ status: 503, retryAfter: "5" });
    expect(failureStatusOf(new Error("Connection terminated unexpectedly"))).toEqual({ status: 503, retryAfter: "5" });
    expect(failureStatusOf(new TypeError("undefined is not a function"))).toEqual({ status: 500 });
  });
});
