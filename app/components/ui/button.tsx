import { forwardRef } from "react";
import { cx } from "./cx";

// break-normal: a button's words never break mid-word, even inside a cell that breaks anywhere.
const BASE =
  "inline-flex items-center justify-center gap-2 rounded-lg text-center break-normal focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS = {
  primary: "bg-blue-600 text-white hover:bg-blue-700 focus-visible:outline-blue-600",
  secondary: "border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 focus-visible:outline-blue-600",
  danger: "bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600",
  "danger-outline": "border border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-600",
} as const;

const SIZES = {
  /** Row actions, toolbars, admin tables. */
  sm: "px-3 py-1.5 text-sm font-medium",
  /** Dialog and wizard buttons. */
  md: "px-4 py-2 text-sm font-semibold",
  /** Page-level actions. */
  lg: "px-4 py-2 font-semibold",
  /** The one full-width action of a card (sign-in pages). */
  block: "w-full px-4 py-2.5 font-semibold",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** The button look, for links and labels that must look like buttons. */
export function buttonClass({
  variant = "primary",
  size = "lg",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cx(BASE, VARIANTS[variant], SIZES[size], className);
}

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, className })} {...props} />;
});
