import { describe, expect, it } from "vitest";
import { OWN_WRITE_COOKIE, ownWriteAt, ownWriteCookie } from "./reader.server";

const NOW = Date.UTC(2026, 0, 1, 12);
const withCookie = (cookie: string) => new Request("http://localhost/dashboard", { headers: { cookie } });

describe("the browser's own write", () => {
  it("is read back from the cookie the edge sets, among others", () => {
    const set = ownWriteCookie({ at: NOW - 2_000, secure: true });
    expect(set).toBe(`${OWN_WRITE_COOKIE}=${NOW - 2_000}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure`);
    expect(ownWriteAt(withCookie(`tz=Europe%2FBerlin; ${set.split(";")[0]}; other=1`), NOW)).toBe(NOW - 2_000);
  });

  it("is ignored when older than a minute, from the future, or not a time", () => {
    expect(ownWriteAt(withCookie(`${OWN_WRITE_COOKIE}=${NOW - 61_000}`), NOW)).toBeUndefined();
    expect(ownWriteAt(withCookie(`${OWN_WRITE_COOKIE}=${NOW + 60_000}`), NOW)).toBeUndefined();
    expect(ownWriteAt(withCookie(`${OWN_WRITE_COOKIE}=soon`), NOW)).toBeUndefined();
    expect(ownWriteAt(withCookie(`x${OWN_WRITE_COOKIE}=${NOW}`), NOW)).toBeUndefined();
  });
});
