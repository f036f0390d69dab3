import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { cx } from "./cx";

const ITEM =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-gray-700 outline-none select-none data-[highlighted]:bg-gray-100 data-[highlighted]:text-gray-900";
const DANGER = "text-red-600 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700";

/** A dropdown menu (Radix): keyboard navigation, focus return and outside-click close come with it. */
export const Menu = DropdownMenu.Root;

export function MenuTrigger({ className, ...props }: DropdownMenu.DropdownMenuTriggerProps & { ref?: React.Ref<HTMLButtonElement> }) {
  return (
    <DropdownMenu.Trigger
      className={cx(
        "rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus:ring-2 focus:ring-blue-500 focus:outline-none",
        className,
      )}
      {...props}
    />
  );
}

export function MenuContent({ className, align = "end", sideOffset = 4, ...props }: DropdownMenu.DropdownMenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        sideOffset={sideOffset}
        className={cx("z-50 min-w-48 rounded-lg border border-gray-200 bg-white p-1 text-sm shadow-lg", className)}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

/** One action; `asChild` makes a link the item. */
export function MenuItem({ className, danger, ...props }: DropdownMenu.DropdownMenuItemProps & { danger?: boolean }) {
  return <DropdownMenu.Item className={cx(ITEM, danger && DANGER, className)} {...props} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />;
}
