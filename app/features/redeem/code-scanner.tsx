import { Camera, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { codeFromScan } from "./code";

type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
type DetectorConstructor = { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

/**
 * Reads a code's QR with the camera: the browser's BarcodeDetector where it exists, else jsQR on
 * video frames (loaded only when the camera opens). Without JavaScript or a camera the typed
 * form above does the same job, so this renders nothing until hydrated.
 */
export function CodeScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useOwnerT("redeem");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated || typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) return null;
  return (
    <div className="space-y-3">
      {open ? (
        <Viewfinder
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
          onError={(message) => {
            setOpen(false);
            setError(message);
          }}
          onClose={() => setOpen(false)}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setError(null);
            setOpen(true);
          }}
          className="inline-flex w-full items-center justify-center gap-2 rounded-xl border border-gray-300 bg-white px-4 py-3 text-base font-semibold text-gray-800 hover:bg-gray-50"
        >
          <Camera aria-hidden className="h-5 w-5" /> {t("scanner.scan")}
        </button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Viewfinder({ onCode, onError, onClose }: { onCode: (code: string) => void; onError: (message: string) => void; onClose: () => void }) {
  const t = useOwnerT("redeem");
  const video = useRef<HTMLVideoElement>(null);
  // The callbacks change every render; the camera loop must not restart for that.
  const handlers = useRef({ onCode, onError, unavailable: t("scanner.unavailable") });
  handlers.current = { onCode, onError, unavailable: t("scanner.unavailable") };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement("canvas");

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        handlers.current.onError(handlers.current.unavailable);
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);

      const Native = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
      let detector: Detector | null = null;
      if (Native && (!Native.getSupportedFormats || (await Native.getSupportedFormats()).includes("qr_code"))) {
        detector = new Native({ formats: ["qr_code"] });
      }
      const jsQR = detector ? null : (await import("jsqr")).default;

      const tick = async () => {
        if (stopped || !element.videoWidth) {
          if (!stopped) timer = setTimeout(tick, 200);
          return;
        }
        let text: string | null = null;
        if (detector) {
          const found = await detector.detect(element).catch(() => []);
          text = found[0]?.rawValue ?? null;
        } else if (jsQR) {
          canvas.width = element.videoWidth;
          canvas.height = element.videoHeight;
          const context = canvas.getContext("2d", { willReadFrequently: true });
          if (context) {
            context.drawImage(element, 0, 0);
            const frame = context.getImageData(0, 0, canvas.width, canvas.height);
            text = jsQR(frame.data, frame.width, frame.height)?.data ?? null;
          }
        }
        if (text) {
          handlers.current.onCode(codeFromScan(text));
          return;
        }
        timer = setTimeout(tick, 200);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="relative overflow-hidden rounded-xl bg-black">
      <video ref={video} className="aspect-square w-full object-cover" muted playsInline aria-label={t("scanner.view")} />
      <button
        type="button"
        onClick={onClose}
        className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-lg bg-white/90 px-3 py-1.5 text-sm font-medium text-gray-800"
      >
        <X aria-hidden className="h-4 w-4" /> {t("scanner.close")}
      </button>
    </div>
  );
}
