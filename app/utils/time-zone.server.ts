/** The visitor's IANA time zone from the `tz` cookie set by the root document; UTC when unknown or invalid. */
export function getTimeZone(request: Request): string {
  const match = /(?:^|;\s*)tz=([^;]+)/.exec(request.headers.get("cookie") ?? "");
  if (!match) return "UTC";
  try {
    const zone = decodeURIComponent(match[1]!);
    if (zone.length > 64) return "UTC";
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}
