/** react-virtuoso's element holding the rendered rows, inside the list's scroller: it grows as rows are laid out. */
export const itemListOf = (scroller: Element) =>
  scroller.querySelector<HTMLElement>('[data-testid="virtuoso-item-list"]');
