import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ptBR } from '@portal/i18n/catalogues/pt-BR';
import { describe, expect, it } from 'vitest';
import { ptBRInitial } from '../src/generated/catalogue-initial';
import { initialSections } from './initial-catalogue';

describe('the catalogue sections bundled in the first JavaScript', () => {
  it('are those named in the files reached from the roots, lazy panels included, screens of the router not', () => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'initial-catalogue-'));
    const write = (file: string, text: string) => fs.writeFileSync(path.join(src, file), text);
    write('main.tsx', "import { Header } from './header';\nimport './side-effect';\nt('shell.title');");
    write('header.tsx', "const Panel = lazy(() => import('./panel'));\nt(`kind.$" + '{k}`);');
    write('panel.tsx', "t('notifications.title')");
    write('side-effect.ts', "t('offline.banner')");
    write('router.tsx', "import { HomeData } from './home-data';\nconst load = () => import('./library');");
    write('home-data.ts', "t('home.title')");
    write('library.tsx', "t('library.title')");
    write('root2.tsx', "import { x } from './router';\nt('unknown.key');");
    const sections = ['shell', 'kind', 'notifications', 'offline', 'home', 'library', 'validation', 'other'];
    expect(
      initialSections({
        src,
        roots: ['main.tsx', 'root2.tsx'],
        screenLists: ['router.tsx'],
        sections,
        always: ['validation'],
      }),
    ).toEqual(['shell', 'kind', 'notifications', 'offline', 'home', 'validation']);
  });

  it("leave the screens' own sections out and keep the texts exactly as the catalogue has them", () => {
    expect(Object.keys(ptBRInitial)).toEqual(expect.arrayContaining(['shell', 'home', 'route', 'portalLabel']));
    expect(Object.keys(ptBRInitial)).not.toContain('library');
    expect(Object.keys(ptBRInitial)).not.toContain('communicationsUi');
    for (const [section, texts] of Object.entries(ptBRInitial))
      expect(texts).toEqual(ptBR[section as keyof typeof ptBR]);
  });
});
