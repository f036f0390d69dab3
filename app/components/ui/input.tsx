import { forwardRef } from "react";
import { cx } from "./cx";

const CONTROL =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none aria-invalid:border-red-500 disabled:bg-gray-100";
const SIZES = { md: "", sm: "text-sm" } as const;

export type ControlSize = keyof typeof SIZES;

/** The text-control look (inputs, text areas, selects). */
export function controlClass({ size = "md", className }: { size?: ControlSize; className?: string } = {}) {
  return cx(CONTROL, SIZES[size], className);
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "size"> & { size?: ControlSize };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ size, className, ...props }, ref) {
  return <input ref={ref} className={controlClass({ size, className })} {...props} />;
});

type TextareaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { size?: ControlSize };

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ size, className, ...props }, ref) {
  return <textarea ref={ref} className={controlClass({ size, className })} {...props} />;
});
