import { describe, expect, it } from 'vitest';
import { slackToMarkdown } from './slack-text.js';

const names = {
  user: (id: string) => ({ U1: 'ann', U2: 'bob.k' })[id],
  channel: (id: string) => ({ C1: 'deploys' })[id],
};
const convert = (text: string) => slackToMarkdown(text, names);

describe('slackToMarkdown', () => {
  it('turns mentions, channel links and broadcasts into Parley’s', () => {
    expect(convert('<@U1> and <@U2|bob> look at <#C1|deploys-old>')).toBe('@ann and @bob.k look at #deploys');
    expect(convert('<@U9|gone> <#C9|elsewhere> <!here> <!channel|channel> <!subteam^S1|@ops>')).toBe(
      '@gone #elsewhere @here @channel @ops',
    );
  });

  it('turns links with labels into Markdown links, and bare ones into URLs', () => {
    expect(convert('See <https://x.test/a?b=1&amp;c=2|the docs> or <https://x.test>')).toBe(
      'See [the docs](https://x.test/a?b=1&c=2) or https://x.test',
    );
    expect(convert('Mail <mailto:a@x.test|a@x.test>')).toBe('Mail a@x.test');
  });

  it('turns *bold* and ~strike~ into Markdown, leaving _italic_, lists and arithmetic alone', () => {
    expect(convert('*shipped* ~not yet~ _maybe_')).toBe('**shipped** ~~not yet~~ _maybe_');
    expect(convert('2 * 3 * 4 is 24')).toBe('2 * 3 * 4 is 24');
    expect(convert('(*really*).')).toBe('(**really**).');
  });

  it('unescapes Slack’s three entities, and leaves code as it is', () => {
    expect(convert('a &lt; b &amp;&amp; c &gt; d')).toBe('a < b && c > d');
    expect(convert('run `x *y* &lt;z&gt;` then\n```\n*keep* <@U1>\n```')).toBe(
      'run `x *y* <z>` then\n```\n*keep* <@U1>\n```',
    );
  });
});
