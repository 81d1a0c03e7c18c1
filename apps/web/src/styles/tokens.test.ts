import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The tests run from the repository root.
const SRC = join(process.cwd(), 'apps/web/src');

// CSS named colours (transparent, currentColor and the keywords stay allowed).
const NAMED = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred ' +
    'darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);
const COLOUR_PROPS =
  /^(--.*|color|background(-color|-image)?|border(-(top|right|bottom|left|block|inline))?(-color)?|outline(-color)?|box-shadow|text-shadow|fill|stroke|accent-color|caret-color|text-decoration(-color)?|column-rule(-color)?|scrollbar-color)$/;
const COLOUR_FN = /\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(([^()]*(\([^()]*\)[^()]*)*)\)/gi;
const TYPE_TOKEN = /var\(--text-(xs|sm|md|lg|xl|2xl)\)/;
const RELATIVE = /^(\d*\.?\d+(em|rem|%)|inherit|initial|unset|revert|smaller|larger)$/;

/** Every colour literal and every font size off the type scale in a stylesheet, as "line: declaration". */
function styleViolations(css: string): string[] {
  const found: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  for (const m of text.matchAll(/([-\w]+)\s*:\s*([^;{}]+)(?=[;}])/g)) {
    const prop = m[1]!.toLowerCase();
    const value = m[2]!.trim().replace(/(['"]).*?\1|url\([^)]*\)/g, '');
    const line = text.slice(0, m.index).split('\n').length;
    const problem = (why: string) => found.push(`${line}: ${prop}: ${m[2]!.trim()} (${why})`);
    if (/#[0-9a-f]{3,8}\b/i.test(value)) problem('hex colour');
    for (const fn of value.matchAll(COLOUR_FN)) {
      // A colour built only from tokens (the avatar's hue, say) is fine; numbers in it are not.
      if (/\d/.test(fn[2]!.replace(/var\(--[\w-]+\)/g, ''))) problem(`${fn[1]}() colour`);
    }
    if (COLOUR_PROPS.test(prop)) {
      for (const word of value.toLowerCase().split(/[^a-z-]+/))
        if (NAMED.has(word)) problem(`named colour ${word}`);
    }
    if (prop === 'font-size' && !TYPE_TOKEN.test(value) && !RELATIVE.test(value))
      problem('not on the type scale');
    if (prop === 'font' && /\d(px|pt)\b/.test(value)) problem('font size not on the type scale');
  }
  return found;
}

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.css'))
    .map((f) => join(dir, f));
}

describe('design tokens', () => {
  it('finds colour literals and font sizes off the scale', () => {
    const sample = [
      '.a { color: #fff; background: rgb(0 0 0 / 40%); }',
      '.b:hover { border: 1px solid red; font-size: 14px; }',
      '@media (prefers-color-scheme: dark) { .c { box-shadow: 0 1px 2px hsl(200 50% 50%); } }',
      '.d { color: var(--text); background: transparent; font-size: var(--text-sm); }',
      '.e { background: hsl(var(--avatar-hue) var(--avatar-saturation) var(--avatar-lightness)); font-size: 0.9em; }',
      '.f { font-size: calc(var(--text-2xl) * 2); animation: red-flash 1s; /* #abc in a comment */ }',
      ".g { content: '#fff'; font-family: 'Apple Color Emoji'; }",
    ].join('\n');
    expect(styleViolations(sample)).toEqual([
      '1: color: #fff (hex colour)',
      '1: background: rgb(0 0 0 / 40%) (rgb() colour)',
      '2: border: 1px solid red (named colour red)',
      '2: font-size: 14px (not on the type scale)',
      '3: box-shadow: 0 1px 2px hsl(200 50% 50%) (hsl() colour)',
    ]);
  });

  it('holds in every stylesheet of the web app: colours only in tokens.css, font sizes on the scale', () => {
    const files = cssFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    const violations = files
      .filter((f) => relative(SRC, f) !== join('styles', 'tokens.css'))
      .flatMap((f) => styleViolations(readFileSync(f, 'utf8')).map((v) => `${relative(SRC, f)}:${v}`));
    expect(violations).toEqual([]);
  });
});
