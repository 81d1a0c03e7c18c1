import type { Channel } from '@parley/protocol';

const isRoom = (c: Channel) => c.kind === 'public' || c.kind === 'private';

/** The sidebar's sections: starred conversations (channels, then DMs) above, and only there. */
export function sidebarSections(channels: Channel[]) {
  const starred = channels.filter((c) => c.membership?.starred);
  const rest = channels.filter((c) => !c.membership?.starred);
  return {
    starred: [...starred.filter(isRoom), ...starred.filter((c) => !isRoom(c))],
    rooms: rest.filter(isRoom),
    dms: rest.filter((c) => !isRoom(c)),
  };
}
