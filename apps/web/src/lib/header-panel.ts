/** A header popover, opened by its own button or, on a phone where the button is tucked away, from a menu. */
export type HeaderPanel = { open: boolean; onOpenChange: (open: boolean) => void; trigger: boolean };
