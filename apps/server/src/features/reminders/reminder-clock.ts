import type { AppContext } from '../../context.js';
import { nextDue } from './reminders.repo.js';
import { fireDueReminders, REMINDER_BATCH } from './reminders.service.js';

// Other nodes' reminders, and any this node missed, go off within this.
const SWEEP_MS = 30_000;

/** Sets off reminders when the next one this node knows of is due, and at least every 30 s. */
export class ReminderClock {
  private timer?: NodeJS.Timeout;
  private due = Infinity;
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    // A reminder just set may be the next one.
    this.ctx.events.on('saved.changed', () => void this.plan());
    void this.tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async tick(): Promise<void> {
    try {
      // A full batch leaves more due: the next round comes at once.
      while (!this.stopped && (await fireDueReminders(this.ctx)) >= REMINDER_BATCH);
    } catch (err) {
      if (!this.stopped) this.ctx.log.warn({ err }, 'reminders could not go off; trying again');
    }
    await this.plan();
  }

  private async plan(): Promise<void> {
    const next = await nextDue(this.ctx.db).catch(() => undefined);
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
