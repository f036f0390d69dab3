// LeadQR's service worker (docs/features/alerts.md, "This phone or browser"): served from the site
// root so its scope covers every page. It only shows lead alerts pushed to this browser and opens
// the lead's page when one is tapped; it caches nothing and answers no fetch.
self.addEventListener("push", (event) => {
  let alert = { title: "LeadQR", body: "", url: "/leads" };
  try {
    alert = { ...alert, ...event.data.json() };
  } catch {
    if (event.data) alert.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(alert.title, { body: alert.body, icon: "/icon-192.png", data: { url: alert.url || "/leads" }, tag: alert.url || undefined }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only this site's pages are opened: a link elsewhere opens the leads list instead.
  const target = new URL(event.notification.data?.url || "/leads", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL("/leads", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
