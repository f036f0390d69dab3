// Settings → Notifications' "This phone or browser" (docs/features/alerts.md): subscribes this
// browser to Web Push through the service worker at /sw.js, lists the owner's subscribed browsers
// with the controls every channel has. On iPhone and iPad, Safari offers push only to a web app
// opened from the Home Screen: the section says so instead of offering a button that cannot work.
import { useEffect, useState } from "react";
import { useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Section } from "~/features/integrations/integrations-ui";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import type { ChannelView } from "./alert-settings.server";
import { ProvenControls, StatusBadge, type Busy } from "./notifications-ui";

type Support = "checking" | "unsupported" | "home-screen" | "ready";

/** An iPhone or iPad (iPadOS reports a Mac with touch) not running LeadQR from the Home Screen. */
function needsHomeScreen() {
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  return apple && !standalone;
}

function keyBytes(base64url: string) {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function registration() {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

export function PushSection({ channels, vapidPublicKey, busy }: { channels: ChannelView[]; vapidPublicKey: string; busy: Busy }) {
  const t = useOwnerT("notifications");
  const submit = useSubmit();
  const [support, setSupport] = useState<Support>("checking");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    if (needsHomeScreen()) return setSupport("home-screen");
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return setSupport("unsupported");
    setSupport("ready");
    void navigator.serviceWorker
      .getRegistration("/")
      .then(async (found) => setEndpoint((await found?.pushManager.getSubscription())?.endpoint ?? null));
  }, [channels.length]);

  async function subscribe() {
    setProblem(null);
    setWorking(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") return setProblem(t("push.blocked"));
      const ready = await registration();
      const subscription =
        (await ready.pushManager.getSubscription()) ??
        (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
      setEndpoint(subscription.endpoint);
      await submit({ intent: "push-subscribe", subscription: JSON.stringify(subscription.toJSON()) }, { method: "post" });
    } catch {
      setProblem(t("push.failed"));
    } finally {
      setWorking(false);
    }
  }

  async function unsubscribe() {
    setWorking(true);
    try {
      const found = await navigator.serviceWorker.getRegistration("/");
      const subscription = await found?.pushManager.getSubscription();
      await subscription?.unsubscribe();
      setEndpoint(null);
      if (subscription) await submit({ intent: "push-unsubscribe", endpoint: subscription.endpoint }, { method: "post" });
    } finally {
      setWorking(false);
    }
  }

  return (
    <Section title={t("push.title")} description={t("push.description")}>
      <p className="text-sm text-gray-600">{t("push.iphone")}</p>
      {support === "home-screen" ? (
        <p role="status" className="mt-2 text-sm font-medium text-amber-800">
          {t("push.addToHomeScreen")}
        </p>
      ) : support === "unsupported" ? (
        <p className="mt-2 text-sm text-gray-700">{t("push.unsupported")}</p>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {endpoint ? (
            <Button type="button" variant="secondary" size="md" disabled={working || support !== "ready"} onClick={() => void unsubscribe()}>
              {t("push.unsubscribe")}
            </Button>
          ) : (
            <Button type="button" size="md" disabled={working || support !== "ready" || busy === "push-subscribe"} onClick={() => void subscribe()}>
              {t("push.subscribe")}
            </Button>
          )}
        </div>
      )}
      {problem ? <p className="mt-2 text-sm text-red-700">{problem}</p> : null}
      {channels.length > 0 ? (
        <ul aria-label={t("push.devices")} className="mt-4 divide-y divide-gray-200">
          {channels.map((channel) => (
            <li key={channel.id} className="py-3">
              <div className="flex items-center gap-2">
                <span className="text-sm font-medium text-gray-900">{channel.label}</span>
                <StatusBadge channel={channel} />
              </div>
              <ProvenControls channel={channel} name={channel.label} busy={busy} />
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
