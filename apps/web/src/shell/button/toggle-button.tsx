import { Button, type ButtonProps } from './button';

/**
 * A small button that is one of a set of choices (a period, a figure, a filter): filled while
 * `pressed`, outlined otherwise, and `aria-pressed` says which to assistive technology.
 */
export function ToggleButton({
  pressed,
  ...rest
}: Omit<ButtonProps, 'variant' | 'color' | 'size'> & { pressed: boolean }) {
  return (
    <Button
      size="small"
      variant={pressed ? 'primary' : 'outline'}
      color={pressed ? 'primary' : 'white'}
      aria-pressed={pressed}
      {...rest}
    />
  );
}
