import type { Conn } from '../db/client.js';
import { listMemberChannelIds } from './rooms.repo.js';

// A reconnect wave opens hundreds of sockets at once: one query for all the handshakes waiting together.
const MAX_BATCH = 500;

/** The channel ids of a user at the time of asking; handshakes in the same turn share one query. */
export class MembershipLoader {
  private waiting = new Map<string, ((ids: string[] | Error) => void)[]>();

  constructor(private readonly db: Conn) {}

  load(userId: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => this.flush());
      const list = this.waiting.get(userId) ?? [];
      list.push((ids) => (ids instanceof Error ? reject(ids) : resolve(ids)));
      this.waiting.set(userId, list);
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = new Map();
    const users = [...batch.keys()];
    for (let i = 0; i < users.length; i += MAX_BATCH) {
      const part = users.slice(i, i + MAX_BATCH);
      listMemberChannelIds(this.db, part).then(
        (byUser) => part.forEach((u) => batch.get(u)!.forEach((done) => done(byUser.get(u)!))),
        (err: Error) => part.forEach((u) => batch.get(u)!.forEach((done) => done(err))),
      );
    }
  }
}
