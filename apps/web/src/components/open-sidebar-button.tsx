import { Icon } from './dialog';
import { openSidebar } from '../lib/sidebar-state';

/** The hamburger that opens the sidebar drawer; shown only at phone widths. */
export function OpenSidebarButton() {
  return (
    <button type="button" className="icon-button mobile-only" aria-label="Open sidebar" onClick={openSidebar}>
      <Icon name="menu" />
    </button>
  );
}
