import { strToU8, zipSync } from 'fflate';

/** A small Slack workspace export, as Slack's "Export data" writes it, for `names` given by the test. */
export function slackExport(
  names: { bob: string; channel: string; secret: string },
  extra: Record<string, unknown[]> = {},
) {
  const day = (ts: number) => ({ ts: `${ts}.000100` });
  const users = [
    { id: 'U01BOB', name: names.bob, real_name: 'Bob Existing' },
    { id: 'U02CARA', name: 'Cara.Lee', real_name: 'Cara Lee', profile: { display_name: 'cara' } },
    { id: 'U03DAN', name: 'dan', real_name: 'Dan Gone', deleted: true },
    { id: 'U04BOT', name: 'deploybot', real_name: 'Deploy Bot', is_bot: true },
  ];
  const channels = [
    {
      id: 'C01GEN',
      name: 'general',
      created: 1_600_000_000,
      creator: 'U02CARA',
      members: ['U01BOB', 'U02CARA'],
      topic: { value: 'Company-wide' },
    },
    {
      id: 'C02LAUNCH',
      name: names.channel,
      created: 1_600_000_100,
      creator: 'U02CARA',
      members: ['U01BOB', 'U02CARA', 'U03DAN'],
      topic: { value: '' },
      purpose: { value: 'Shipping the launch' },
    },
  ];
  const groups = [{ id: 'G01SECRET', name: names.secret, creator: 'U02CARA', members: ['U02CARA'] }];
  const launch = [
    {
      type: 'message',
      user: 'U02CARA',
      text: 'Hello <@U01BOB>, see <#C01GEN|general> and *this*',
      ...day(1_700_000_000),
    },
    {
      type: 'message',
      user: 'U01BOB',
      text: 'Ready &amp; waiting',
      ...day(1_700_000_060),
      thread_ts: '1700000060.000100',
      reply_count: 2,
      reactions: [
        { name: '+1', users: ['U02CARA', 'U03DAN'], count: 2 },
        { name: 'wave::skin-tone-3', users: ['U02CARA'], count: 1 },
        { name: 'our-custom-party', users: ['U02CARA'], count: 1 },
      ],
    },
    {
      type: 'message',
      user: 'U02CARA',
      text: 'first reply',
      ...day(1_700_000_120),
      thread_ts: '1700000060.000100',
    },
    {
      type: 'message',
      subtype: 'thread_broadcast',
      user: 'U03DAN',
      text: 'also to the channel',
      ...day(1_700_000_180),
      thread_ts: '1700000060.000100',
    },
    {
      type: 'message',
      subtype: 'channel_join',
      user: 'U03DAN',
      text: '<@U03DAN> has joined',
      ...day(1_700_000_200),
    },
    {
      type: 'message',
      subtype: 'bot_message',
      username: 'Deploy Bot',
      bot_id: 'B1',
      text: 'Deployed v1',
      ...day(1_700_000_240),
    },
    {
      type: 'message',
      user: 'U02CARA',
      text: 'the plan',
      files: [{ name: 'plan.pdf', title: 'Launch plan' }],
      pinned_to: ['C02LAUNCH'],
      edited: { user: 'U02CARA', ts: '1700000400.000000' },
      ...day(1_700_000_300),
    },
    { type: 'message', user: 'U02CARA', text: 'bad \u0000 text', ...day(1_700_000_360) },
  ];
  const files: Record<string, Uint8Array> = {
    'users.json': strToU8(JSON.stringify(users)),
    'channels.json': strToU8(JSON.stringify(channels)),
    'groups.json': strToU8(JSON.stringify(groups)),
    'general/2020-09-13.json': strToU8(
      JSON.stringify([
        { type: 'message', user: 'U02CARA', text: 'from Slack general', ...day(1_600_000_500) },
      ]),
    ),
    [`${names.channel}/2023-11-14.json`]: strToU8(JSON.stringify(launch.slice(0, 4))),
    [`${names.channel}/2023-11-15.json`]: strToU8(JSON.stringify(launch.slice(4))),
    [`${names.secret}/2023-11-14.json`]: strToU8(
      JSON.stringify([{ type: 'message', user: 'U02CARA', text: 'private note', ...day(1_700_000_000) }]),
    ),
  };
  for (const [name, value] of Object.entries(extra)) files[name] = strToU8(JSON.stringify(value));
  return zipSync(files);
}

/** An export of `channels` public channels of `perChannel` messages each, by two people. */
export function largeSlackExport(channels: number, perChannel: number): Uint8Array {
  const users = [
    { id: 'U01AMY', name: 'amy', real_name: 'Amy' },
    { id: 'U02BEN', name: 'ben', real_name: 'Ben' },
  ];
  const files: Record<string, Uint8Array> = { 'users.json': strToU8(JSON.stringify(users)) };
  const list = Array.from({ length: channels }, (_, c) => ({
    id: `C${100 + c}`,
    name: `room-${c}`,
    members: ['U01AMY', 'U02BEN'],
  }));
  files['channels.json'] = strToU8(JSON.stringify(list));
  for (const c of list) {
    const messages = Array.from({ length: perChannel }, (_, i) => ({
      type: 'message',
      user: users[i % 2]!.id,
      text: `line ${i} of ${c.name}`,
      ts: `${1_700_000_000 + i}.000100`,
    }));
    files[`${c.name}/2023-11-14.json`] = strToU8(JSON.stringify(messages));
  }
  return zipSync(files);
}
