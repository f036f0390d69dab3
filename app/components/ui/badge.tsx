import { cx } from "./cx";

const COLORS = {
  green: "bg-green-100 text-green-800",
  yellow: "bg-yellow-100 text-yellow-800",
  gray: "bg-gray-100 text-gray-700",
  blue: "bg-blue-100 text-blue-800",
  purple: "bg-purple-100 text-purple-800",
  red: "bg-red-100 text-red-800",
} as const;

export type BadgeColor = keyof typeof COLORS;

/** A small pill for a status or a role. */
export function Badge({ color, className, ...props }: React.HTMLAttributes<HTMLSpanElement> & { color: BadgeColor }) {
  return (
    <span className={cx("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold", COLORS[color], className)} {...props} />
  );
}
