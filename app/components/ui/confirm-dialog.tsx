import * as RadixDialog from "@radix-ui/react-dialog";
import { Button } from "./button";
import { Dialog, DialogContent, DialogTitle } from "./dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens, in a sentence the person can weigh. */
  description: string;
  /** The button that does it, named for the action ("Delete campaign"), never "OK". */
  confirmLabel: string;
  onConfirm: () => void;
  /** Where focus goes when the dialog closes (the control that opened it may be gone, as a menu item is). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
};

/**
 * The confirmation before a destructive action, instead of the browser's confirm(): a modal
 * alert dialog (focus trapped inside, Escape and Cancel close it, the page behind inert) whose
 * first focus is Cancel, so a stray Enter does not destroy anything.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, returnFocusTo }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        className="inset-x-4 top-1/2 mx-auto max-w-md -translate-y-1/2 rounded-xl p-6"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogTitle className="text-lg">{title}</DialogTitle>
        <RadixDialog.Description className="mt-2 text-sm text-gray-700">{description}</RadixDialog.Description>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <RadixDialog.Close asChild>
            <Button variant="secondary" size="md">
              Cancel
            </Button>
          </RadixDialog.Close>
          <Button
            variant="danger"
            size="md"
            onClick={() => {
              onConfirm();
              onOpenChange(false);
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
