import { cx } from "./cx";

/** `section`: a long page's sections, tighter on a phone. */
const PADDING = { none: "", sm: "p-4", md: "p-5", lg: "p-6", section: "p-4 sm:p-6" } as const;

/** The white bordered panel used for sections, stats and lists. */
export function cardClass({ padding = "lg", className }: { padding?: keyof typeof PADDING; className?: string } = {}) {
  return cx("rounded-xl border border-gray-200 bg-white shadow-sm", PADDING[padding], className);
}

export function Card({ padding, className, ...props }: React.HTMLAttributes<HTMLDivElement> & { padding?: keyof typeof PADDING }) {
  return <div className={cardClass({ padding, className })} {...props} />;
}
