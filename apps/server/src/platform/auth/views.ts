import { themePrimary } from '@portal/domain';
import { LOCALES, type Locale, t } from '@portal/i18n';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export type PageOptions = {
  locale: Locale;
  portalName: string;
  favicon?: string | null;
  theme: string;
  title: string;
  body: string;
  /** Current path and query without `lang`, for the language links. */
  selfUrl: string;
};

/** A page of the embedded provider, themed like the portal, with the language picker. */
export function renderPage(o: PageOptions): string {
  const colour = themePrimary(o.theme);
  const sep = o.selfUrl.includes('?') ? '&' : '?';
  const langs = LOCALES.map((l) => {
    const label = t(l, `idioma.${l === 'pt-BR' ? 'PT_BR' : l.toUpperCase()}`);
    return l === o.locale
      ? `<strong aria-current="true">${escapeHtml(label)}</strong>`
      : `<a href="${escapeHtml(`${o.selfUrl}${sep}lang=${l}`)}" hreflang="${l}">${escapeHtml(label)}</a>`;
  }).join(' · ');
  return `<!DOCTYPE html>
<html lang="${o.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)} - ${escapeHtml(o.portalName)}</title>
${o.favicon ? `<link rel="icon" href="${escapeHtml(o.favicon)}">` : ''}
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1f2933}
header{background:${colour};color:#fff;padding:16px 24px;font-size:20px;font-weight:600}
main{max-width:400px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12)}
h1{font-size:22px;margin:0 0 24px}label{display:block;font-size:14px;margin:16px 0 4px}
input{width:100%;padding:10px 12px;font-size:16px;border:1px solid #9aa5b1;border-radius:4px}
input:focus{outline:2px solid ${colour};outline-offset:1px}
button{margin-top:24px;width:100%;padding:12px;font-size:16px;font-weight:600;border:0;border-radius:4px;background:${colour};color:#fff;cursor:pointer}
.error{color:#e6433f;margin:12px 0 0}.info{color:#1f2933;margin:12px 0 0}.links{margin-top:20px;font-size:14px}
a{color:${colour}}nav.lang{text-align:center;font-size:13px;margin:16px auto;max-width:400px}nav.lang a{color:#1f2933}
@media (max-width:480px){main{margin:0;border-radius:0;box-shadow:none}}
</style>
</head>
<body>
<header>${escapeHtml(o.portalName)}</header>
<main>
<h1>${escapeHtml(o.title)}</h1>
${o.body}
</main>
<nav class="lang" aria-label="${escapeHtml(t(o.locale, 'app.language'))}">${langs}</nav>
</body>
</html>`;
}

export function message(kind: 'error' | 'info', text?: string): string {
  return text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>` : '';
}
