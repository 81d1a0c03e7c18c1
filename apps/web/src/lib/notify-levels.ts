import type { NotifyLevel } from '@parley/protocol';

/** A channel's notification levels, in the words the bell menu and the settings tab both use. */
export const NOTIFY_LEVELS: { value: NotifyLevel; label: string }[] = [
  { value: 'all', label: 'All new messages' },
  { value: 'mentions', label: 'Mentions only' },
  { value: 'none', label: 'Nothing' },
];
