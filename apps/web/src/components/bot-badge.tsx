/** Beside a bot's name wherever people see it, as Slack marks apps. */
export function BotBadge({ user }: { user: { bot?: true } | undefined }) {
  if (!user?.bot) return null;
  return (
    <span className="badge badge-app" title="A bot: a script posts as it, with a token an admin gave it">
      Bot
    </span>
  );
}
