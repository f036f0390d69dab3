import { PlayCircle } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { enDemo } from "~/features/languages/owner/en-demo";

// The dialog (Radix, the capture page's preview and its words) is fetched when the visitor first
// reaches for the button, not with the landing page (docs/performance.md, "First paint").
const loadDialog = () => import("./watch-demo-dialog");
const WatchDemoDialog = lazy(loadDialog);

/**
 * The landing page's "Watch Demo" button; its dialog is loaded on first use. The page is signed
 * out only, so always English: the button reads the demo's English words without i18next, which
 * stays out of the landing page's first load (docs/performance.md, "First paint"); the dialog,
 * fetched on use, reads the owner catalogue.
 */
export function WatchDemo({ className }: { className: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={className}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <PlayCircle aria-hidden className="mr-2 inline h-5 w-5 align-[-4px]" />
        {enDemo.watch}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <WatchDemoDialog open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
