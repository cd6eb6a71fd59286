import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeHtml } from './html.js';

const A = (href: string, text: string) => `<a href="${href}" rel="noopener noreferrer" target="_blank">${text}</a>`;

describe('sanitizeHtml', () => {
  it('keeps the allowed tags, without attributes', () => {
    expect(
      sanitizeHtml(
        '<p class="x" style="color:red">Olá <strong>mundo</strong><br/><em>e</em> <b>b</b><i>i</i><u>u</u></p>',
      ),
    ).toBe('<p>Olá <strong>mundo</strong><br><em>e</em> <b>b</b><i>i</i><u>u</u></p>');
    expect(sanitizeHtml('<UL><LI>um<li>dois</UL><ol><li>x</li></ol>')).toBe(
      '<ul><li>um<li>dois</li></li></ul><ol><li>x</li></ol>',
    );
    // The communications editor's headings and quotes.
    expect(sanitizeHtml('<h2 id="x">Atenção</h2><h3>Sub</h3><blockquote>q</blockquote><h1>no</h1>')).toBe(
      '<h2>Atenção</h2><h3>Sub</h3><blockquote>q</blockquote>no',
    );
  });

  it('links: http(s), mailto and relative kept with rel and target; others lose the href', () => {
    expect(sanitizeHtml('<a href="https://x.test/a?b=1&amp;c=2" onclick="x()">ir</a>')).toBe(
      A('https://x.test/a?b=1&amp;c=2', 'ir'),
    );
    expect(sanitizeHtml("<a href='mailto:a@b.test'>m</a>")).toBe(A('mailto:a@b.test', 'm'));
    expect(sanitizeHtml('<a href=/notificacoes>r</a>')).toBe(A('/notificacoes', 'r'));
    expect(sanitizeHtml('<a href="#top" target="_self" rel="opener">t</a>')).toBe(A('#top', 't'));
    expect(sanitizeHtml('<a href="ftp://x">f</a>')).toBe('<a>f</a>');
    expect(sanitizeHtml('<a>sem</a>')).toBe('<a>sem</a>');
  });

  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//evil.test/x.js></SCRIPT>ok', 'ok'],
    ['<script>alert(1)', ''],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<svg onload=alert(1)><p>in</p></svg>fora', 'fora'],
    ['<svg/onload=alert(1)>', ''],
    ['<iframe src="javascript:alert(1)"></iframe>', ''],
    ['<p onclick="alert(1)" onmouseover=alert(1)>x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" \tjavascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\nscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#x6A;avascript&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&Tab;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="&#0000106&#0000097vascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript:alert(1)" href="https://ok.test">x</a>', '<a>x</a>'],
    ['<p <script>alert(1)</script>>x</p>', '<p>alert(1)&gt;x</p>'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<p>a<b>b</p>c</b>', '<p>a<b>b</b></p>c'],
    ['</p></div>x<p>', 'x<p></p>'],
    ['<p>x<img src="x" onerror="alert(1)"', '<p>x</p>'],
    ['<a href="https://ok.test"><a href="javascript:x">n</a></a>', `${A('https://ok.test', 'n')}`],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['<!--><img src=x onerror=alert(1)>-->ok', 'ok'],
    ['<![CDATA[<script>alert(1)</script>]]>', 'alert(1)]]&gt;'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['1 < 2 & 3 > 2 &copy; &#169;', '1 &lt; 2 &amp; 3 &gt; 2 &copy; &#169;'],
    ['<p title="a>b" onclick=x>t</p>', '<p>t</p>'],
    ['<p title="unterminated>t</p>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['<details open ontoggle=alert(1)>x', 'x'],
    ['<a href="https://ok.test" style="x" onmouseover="alert(1)">o</a>', A('https://ok.test', 'o')],
    ["<a href='\"><script>alert(1)</script>'>q</a>", A('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;', 'q')],
  ])('neutralises %s', (input, expected) => {
    const out = sanitizeHtml(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/<(?!\/?(p|br|strong|b|em|i|u|ul|ol|li|a)[\s>])/i);
    expect(out).not.toMatch(/\son\w+=|javascript:/i);
  });

  it('is idempotent on its own output', () => {
    const once = sanitizeHtml('<p>a &amp; b <a href="https://x.test?a=1&b=2">l</a><script>x</script></p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe('safeHref', () => {
  it('accepts http, https, mailto and relative; refuses the rest', () => {
    for (const ok of ['http://a', 'HTTPS://a', 'mailto:x@y', '/a:b', '?q=a:b', '#x', 'pagina', './a']) {
      expect(safeHref(ok), ok).not.toBeNull();
    }
    for (const bad of ['javascript:x', 'data:x', 'vbscript:x', 'file:///etc', '', '  ', 'blob:x']) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
});
