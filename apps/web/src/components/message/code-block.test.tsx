import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBody } from './markdown';

const fence = (lang: string, code: string) => '```' + lang + '\n' + code + '\n```';
const highlighted = async (container: HTMLElement, index = 0) => {
  // The first load of the grammars is a module import: slow on a busy machine.
  await waitFor(() => expect(container.querySelectorAll('pre')[index]?.dataset.highlighted).toBe('true'), {
    timeout: 10_000,
  });
  return container.querySelectorAll('pre')[index]!;
};

describe('code blocks', () => {
  it('colours a TypeScript block once the highlighter has loaded, keeping the exact text', async () => {
    const code = 'const answer: number = 42; // the answer\nfunction ask() { return "why"; }';
    const { container } = render(<MessageBody text={fence('ts', code)} />);
    expect(container.querySelector('pre code')?.textContent).toBe(code); // plain until the grammars arrive
    const pre = await highlighted(container);
    expect(pre.querySelector('code')?.textContent).toBe(code);
    const tokens = (cls: string) => [...pre.querySelectorAll(`.hljs-${cls}`)].map((s) => s.textContent);
    expect(tokens('keyword')).toEqual(expect.arrayContaining(['const', 'function', 'return']));
    expect(tokens('number')).toContain('42');
    expect(tokens('string')).toContain('"why"');
    expect(tokens('comment')).toContain('// the answer');
  });

  it('keeps injection payloads inside code blocks as text', async () => {
    const payloads = [
      '<script>window.pwned = 1</script>',
      '<img src=x onerror="window.pwned = 2">',
      '<svg onload=alert(1)><a href="javascript:alert(1)">x</a></svg>',
      '</code></pre><iframe src="javascript:alert(1)"></iframe>',
      '<style>*{display:none}</style><details open ontoggle=alert(1)>',
    ].join('\n');
    for (const lang of ['html', 'js', 'markdown', '']) {
      const code = lang ? payloads : `${payloads}\n<div class="a">long enough to be guessed</div>`;
      const { container, unmount } = render(<MessageBody text={fence(lang, code)} />);
      const pre = await highlighted(container);
      expect(pre.querySelector('code')?.textContent, lang).toBe(code);
      expect(container.querySelectorAll('script, img, svg, a, iframe, style, details'), lang).toHaveLength(0);
      for (const el of pre.querySelectorAll('code *')) {
        expect(el.tagName, lang).toBe('SPAN');
        expect(
          [...el.attributes].map((a) => a.name),
          lang,
        ).toEqual(['class']);
      }
      unmount();
    }
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('leaves a block in an unknown language, and a short unlabelled one, plain', async () => {
    const { container } = render(
      <MessageBody
        text={[fence('ts', 'let x = 1;'), fence('nosuchlang', 'let y = 2;'), fence('', 'let z = 3;')].join(
          '\n\n',
        )}
      />,
    );
    await highlighted(container, 0);
    const [, unknown, unlabelled] = container.querySelectorAll('pre');
    for (const pre of [unknown!, unlabelled!]) {
      expect(pre.dataset.highlighted).toBeUndefined();
      expect(pre.querySelectorAll('span')).toHaveLength(0);
    }
    expect(unknown!.textContent).toBe('let y = 2;');
    expect(unknown!.querySelector('code')?.className).toBe('lang-nosuchlang');
  });

  it('guesses the language of a long unlabelled block', async () => {
    const code =
      'def greet(name):\n    """Say hello."""\n    return f"Hello, {name}!"\n\nif __name__ == "__main__":\n    print(greet("world"))';
    const { container } = render(<MessageBody text={fence('', code)} />);
    const pre = await highlighted(container);
    expect(pre.querySelector('.hljs-keyword')?.textContent).toBe('def');
    expect(pre.textContent).toBe(code);
  });
});
