import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cx } from "./cx";

/** A modal dialog (Radix): focus trap, Escape, and the page behind made inert. */
export const Dialog = RadixDialog.Root;

/** The overlay and the panel; `className` sizes and places the panel. */
export function DialogContent({ className, ...props }: RadixDialog.DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-gray-900/50" />
      <RadixDialog.Content className={cx("fixed z-50 bg-white shadow-xl focus:outline-none", className)} {...props} />
    </RadixDialog.Portal>
  );
}

export function DialogTitle({ className, ...props }: RadixDialog.DialogTitleProps) {
  return <RadixDialog.Title className={cx("text-xl font-bold text-gray-900", className)} {...props} />;
}

/** The corner ✕ button. */
export function DialogCloseButton({ label = "Close" }: { label?: string }) {
  return (
    <RadixDialog.Close aria-label={label} className="rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800">
      <X aria-hidden className="h-5 w-5" />
    </RadixDialog.Close>
  );
}
