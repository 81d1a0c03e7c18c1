import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { appPath, MessageBody } from './markdown';

describe('MessageBody', () => {
  it("follows a link to Parley's own pages in this tab, and any other in a new one", () => {
    const here = window.location.origin;
    const { container } = render(
      <MemoryRouter>
        <MessageBody
          text={`[View message](${here}/c/general/m/1) [file](/api/v1/files/f) [web](https://example.com)`}
        />
      </MemoryRouter>,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['/c/general/m/1', null],
      ['/api/v1/files/f', '_blank'],
      ['https://example.com', '_blank'],
    ]);
    expect(appPath('//evil.example/c/general')).toBeUndefined();
    expect(appPath('javascript:alert(1)')).toBeUndefined();
  });

  it('inside a link, shows links as text and code blocks out of the tab order, so nothing nests in the link', () => {
    const { container } = render(
      <MessageBody inLink text={'see [the docs](https://example.com) and\n\n```\nnpm start\n```'} />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('.md-link')?.textContent).toBe('the docs');
    expect(container.querySelector('pre')?.hasAttribute('tabindex')).toBe(false);
    const table = render(<MessageBody inLink text={'| a | b |\n|---|---|\n| 1 | 2 |'} />).container;
    expect(table.querySelector('table')?.hasAttribute('tabindex')).toBe(false);
    expect(container.querySelector('pre code')?.textContent).toBe('npm start');
  });

  it('marks searched words in formatted text, not the markdown around them', () => {
    const { container } = render(
      <MessageBody text={'- [ ] **smoke** test on staging\n- [x] deploy'} highlights={['smoke', 'deplo']} />,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['smoke', 'deplo']);
    expect(container.querySelector('strong mark')?.textContent).toBe('smoke');
    expect(container.textContent).not.toContain('[ ]');
    expect(container.textContent).not.toContain('**');
  });

  it('shows a message of emoji alone large, and emoji among words or in a preview at text size', () => {
    const jumbo = (text: string, inLink?: boolean) =>
      render(<MessageBody text={text} inLink={inLink} />).container.querySelector('.md-jumbo') !== null;
    expect(jumbo('🎉 🚀')).toBe(true);
    expect(jumbo('shipped 🎉')).toBe(false);
    expect(jumbo('🎉', true)).toBe(false);
  });

  it('a wide table scrolls sideways and takes focus for the keyboard, its cells kept whole', () => {
    const { container } = render(<MessageBody text={'| name | role |\n|---|---|\n| Alice | Engineer |'} />);
    expect(container.querySelector('table')?.getAttribute('tabindex')).toBe('0');
    expect(container.querySelectorAll('td')).toHaveLength(2);
  });

  it('regression: "#general" or "#1" at the start of a line showed as a heading with its # dropped', () => {
    const { container } = render(
      <MessageBody text={'#general is the place\n#1 priority\n\n# Real heading'} />,
    );
    expect(container.textContent).toContain('#general is the place');
    expect(container.textContent).toContain('#1 priority');
    expect([...container.querySelectorAll('.md-heading')].map((h) => h.textContent)).toEqual([
      'Real heading',
    ]);
  });

  it('regression: keeps a Shift+Enter line break as a line break', () => {
    const { container } = render(<MessageBody text={'line 1\nline 2'} />);
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(container.textContent).toContain('line 1');
    expect(container.querySelector('p')?.innerHTML).toMatch(/line 1<br>\s*line 2/);
  });

  it('renders bold, italics, code, links, lists and quotes', () => {
    const { container } = render(
      <MessageBody
        text={'**b** _i_ `c`\n\n- one\n- two\n\n> quoted\n\n[site](https://example.com)\n\n```\nblock\n```'}
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('b');
    expect(container.querySelector('em')?.textContent).toBe('i');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('blockquote')?.textContent).toContain('quoted');
    expect(container.querySelector('pre code')?.textContent).toContain('block');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('renders GitHub-style strikethrough, tables, task lists, bare links and link titles', () => {
    const { container } = render(
      <MessageBody
        text={
          '~~gone~~ see https://example.com/a-b?x=1\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [ ] todo\n- [x] done\n\n[t](https://e.com "The title")'
        }
      />,
    );
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(container.querySelector('a[href="https://example.com/a-b?x=1"]')?.textContent).toBe(
      'https://example.com/a-b?x=1',
    );
    expect([...container.querySelectorAll('td')].map((td) => td.textContent?.trim())).toEqual(['1', '2']);
    const boxes = container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect([...boxes].map((b) => b.checked)).toEqual([false, true]);
    expect([...boxes].map((b) => b.getAttribute('aria-label'))).toEqual(['Not done', 'Done']);
    expect(container.querySelector('a[href="https://e.com"]')?.getAttribute('title')).toBe('The title');
  });

  it('shows raw HTML as the text it is', () => {
    const { container } = render(<MessageBody text={'<b>bold</b> & <i>x</i>'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>bold</b> & <i>x</i>');
  });

  it('keeps a script tag, an onerror attribute and a javascript: link inert', () => {
    const { container } = render(
      <MessageBody
        text={
          '<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned = 2">\n\n[click](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,x) [d](vbscript:x)'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(4);
    for (const a of container.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^(javascript|data|vbscript):/i);
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('turns none of the usual injection payloads into markup that runs', () => {
    const payloads = [
      '<svg onload=alert(1)>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<object data="javascript:alert(1)">',
      '<embed src="javascript:alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<style>*{display:none}</style>',
      '<details open ontoggle=alert(1)>',
      '<body onload=alert(1)>',
      '<input autofocus onfocus=alert(1)>',
      '<math><mtext><img src=x onerror=alert(1)></mtext></math>',
      '[x](javascript&#58;alert(1))',
      '[x](  javascript:alert(1))',
      '[x](java\tscript:alert(1))',
      '[x](%6A%61%76%61%73%63%72%69%70%74:alert(1))',
      '![x](javascript:alert(1))',
      '<javascript:alert(1)>',
      '[x]: javascript:alert(1)\n\n[x]',
      '```\n</code><script>alert(1)</script>\n```',
      '`<img src=x onerror=alert(1)>`',
      '<<script>script>alert(1)<</script>/script>',
    ];
    for (const text of payloads) {
      const { container, unmount } = render(<MessageBody text={text} />);
      const risky = container.querySelectorAll(
        'script, iframe, object, embed, style, svg, math, img, input:not([type="checkbox"]), details, body',
      );
      expect(risky, text).toHaveLength(0);
      for (const el of container.querySelectorAll('*')) {
        for (const attr of el.attributes) expect(attr.name, text).not.toMatch(/^on/i);
        const url = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
        expect(decodeURIComponent(url).replace(/\s/g, ''), text).not.toMatch(/^(javascript|data|vbscript):/i);
      }
      unmount();
    }
  });
});

describe('keepIntrawordUnderscores', () => {
  it('regression: "snake_case_name" showed as snake<em>case</em>name', () => {
    const { container } = render(<MessageBody text={'rename snake_case_name, _really_'} />);
    expect(container.textContent).toBe('rename snake_case_name, really');
    expect([...container.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['really']);
  });

  it('leaves code, links and addresses as typed', () => {
    const text = 'a_b `c_d` https://x.io/e_f [g_h](https://x.io/i_j)\n```\nk_l\n```';
    const { container } = render(<MessageBody text={text} />);
    expect(container.querySelector('code')?.textContent).toBe('c_d');
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://x.io/e_f',
      'https://x.io/i_j',
    ]);
    expect(container.textContent).toContain('a_b');
    expect(container.textContent).toContain('g_h');
    expect(container.querySelector('pre')?.textContent).toContain('k_l');
    expect(container.textContent).not.toContain('\\');
  });
});
