// Rules: docs/decisions/165-ui-primitives.md.
import { forwardRef } from "react";
import { controlClass, type ControlSize } from "./input";

type SelectProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "size"> & { size?: ControlSize };

/**
 * A native `<select>`: it posts with the form and works without JavaScript, which a Radix Select
 * (a button and a listbox) does not; docs/decisions/165-ui-primitives.md.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ size, className, ...props }, ref) {
  return <select ref={ref} className={controlClass({ size, className })} {...props} />;
});
