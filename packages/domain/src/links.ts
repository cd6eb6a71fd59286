/** C0 and C1 control characters and DEL: a browser drops TAB/CR/LF from URLs, turning `/\t/x` into `//x`. */
const hasControl = (s: string) =>
  [...s].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });

/**
 * A notification's `link` (issue 10): an absolute `https` URL, or a path of the portal starting with
 * a single `/` (never `//` or `/\`, which browsers read as another host). No control characters, no
 * credentials in the URL. Anything else is refused when the notification is created.
 */
export function isNotificationLink(link: string): boolean {
  if (!link || hasControl(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.includes('\\');
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && /^https:\/\/[^/\\]/i.test(link) && !url.username && !url.password;
}
