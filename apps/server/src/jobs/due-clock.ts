import type { AppContext } from '../context.js';
import type { DomainEventName } from '../events/bus.js';

// Other nodes' work, and any this node missed, is done within this.
const SWEEP_MS = 30_000;

export type DueWork = {
  /** What it is, for the log. */
  name: string;
  /** Does what is due now, up to `batch`; answers how many it did. */
  run: () => Promise<number>;
  batch: number;
  /** When the next piece is due, if any. */
  next: () => Promise<Date | undefined>;
  /** A change that may bring the next piece closer. */
  wakeOn: DomainEventName;
};

/** Does timed work (reminders, scheduled messages) when the next piece this node knows of is due, and at least every 30 s. */
export class DueClock {
  private timer?: NodeJS.Timeout;
  private due = Infinity;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly work: DueWork,
  ) {}

  start(): void {
    this.ctx.events.on(this.work.wakeOn, () => void this.plan());
    void this.tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async tick(): Promise<void> {
    try {
      // A full batch leaves more due: the next round comes at once.
      while (!this.stopped && (await this.work.run()) >= this.work.batch);
    } catch (err) {
      if (!this.stopped) this.ctx.log.warn({ err }, `${this.work.name}: failed; trying again`);
    }
    await this.plan();
  }

  private async plan(): Promise<void> {
    const next = await this.work.next().catch(() => undefined);
    const at = Math.min(next?.getTime() ?? Infinity, Date.now() + SWEEP_MS);
    if (this.stopped || (this.timer && at >= this.due)) return;
    clearTimeout(this.timer);
    this.due = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.due = Infinity;
        void this.tick();
      },
      Math.max(0, at - Date.now()),
    );
    this.timer.unref();
  }
}
