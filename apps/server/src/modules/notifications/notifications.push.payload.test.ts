import { describe, expect, it } from 'vitest';
import { pushPayload } from './notifications.push.jobs.js';

// Issue 17 points 6 and 9 (decision 0042): the web push of a notification stored in every language carries the title
// of the recipient's language, else the default.
describe('push payload per language', () => {
  const n = {
    id: '00000000-0000-0000-0000-000000000001',
    titulo: 'Campanha de revisão',
    link: '/comunicados/visualizarEnvio/x',
    traducoes: [
      { idioma: 'EN', titulo: 'Service campaign' },
      { idioma: 'PT_BR', titulo: 'Campanha de revisão' },
    ],
  };
  const read = (b: Buffer) => JSON.parse(b.toString('utf8')) as { title: string; body: string; url: string };

  it('uses the title of the recipient’s language', () => {
    expect(read(pushPayload(n, 'comunicado', 'EN')).title).toBe('Service campaign');
    expect(read(pushPayload(n, 'comunicado', 'PT_BR')).title).toBe('Campanha de revisão');
  });

  it('falls back to the default title', () => {
    expect(read(pushPayload(n, 'comunicado', 'ES')).title).toBe('Campanha de revisão');
    expect(read(pushPayload({ ...n, traducoes: undefined }, 'comunicado', 'EN')).title).toBe('Campanha de revisão');
  });
});
