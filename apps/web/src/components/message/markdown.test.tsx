import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBody } from './markdown';

describe('MessageBody', () => {
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

  it('keeps a script tag, an onerror attribute and a javascript: link inert', () => {
    const { container } = render(
      <MessageBody
        text={
          '<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned = 2">\n\n[click](javascript:alert(1))'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    for (const a of container.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });
});
