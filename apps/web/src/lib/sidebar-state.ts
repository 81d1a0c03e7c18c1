import { createStore } from './store';

/** Whether the sidebar drawer is open on phone widths. */
export const sidebarOpen = createStore(false);
export const openSidebar = () => sidebarOpen.set(true);
export const closeSidebar = () => sidebarOpen.set(false);
