/** A screen without hover (a phone, a tablet): read once, as every message row asks. */
export const TOUCH_SCREEN = typeof matchMedia === 'function' && matchMedia('(hover: none)').matches;
