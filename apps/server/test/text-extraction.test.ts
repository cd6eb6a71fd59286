import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_LIMITS, extractText, parseExcerpt, textExtractorStats } from '../src/modules/files/files.text.js';
import { docxWithText, pdfWithText, pptxWithText, xlsxWithText } from './text-files.js';
import { zipOf } from './xlsx-files.js';

// The text of uploads for search (docs/decisions/0044-text-extraction.md): each format from a small file the test
// makes, and the caps that keep a hostile file from stalling the job.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

describe('text extraction', () => {
  it.each([
    ['PDF', 'application/pdf', () => pdfWithText('Tabela de preços do modelo Aurora', 'Segunda página: garantia')],
    ['DOCX', DOCX, () => docxWithText('Tabela de preços do modelo Aurora', 'Segunda página: garantia')],
    ['PPTX', PPTX, () => pptxWithText('Tabela de preços do modelo Aurora', 'Segunda página: garantia')],
    ['XLSX', XLSX, () => xlsxWithText('Tabela de preços do modelo Aurora', 'Segunda página: garantia')],
    [
      'plain text',
      'text/plain',
      () => Buffer.from('Tabela de preços do modelo Aurora\nSegunda página: garantia\n', 'utf8'),
    ],
    [
      'plain text in Latin-1',
      'text/plain',
      () => Buffer.from('Tabela de preços do modelo Aurora\nSegunda página: garantia\n', 'latin1'),
    ],
  ])('reads the text of a %s', async (_, type, make) => {
    const result = await extractText(await make(), type);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toContain('Tabela de preços do modelo Aurora');
    expect(result.text).toContain('Segunda página: garantia');
    expect(result.truncated).toBe(false);
  });

  it('stops at the cap of characters and says so', async () => {
    const result = await extractText(Buffer.from('palavra '.repeat(10_000)), 'text/plain', {
      ...DEFAULT_TEXT_LIMITS,
      maxChars: 1000,
    });
    expect(result).toMatchObject({ ok: true, truncated: true });
    if (result.ok) expect(result.text.length).toBeLessThanOrEqual(1000);
  });

  it('refuses a file over the size cap before reading it', async () => {
    const result = await extractText(Buffer.alloc(2000, 'a'), 'text/plain', {
      ...DEFAULT_TEXT_LIMITS,
      maxInputBytes: 1000,
    });
    expect(result).toEqual({ ok: false, reason: 'TOO_LARGE' });
  });

  it('refuses a zip bomb by its declared ratio, before inflating it', async () => {
    const bomb = zipOf([{ name: 'word/document.xml', data: Buffer.alloc(50 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await extractText(bomb, DOCX)).toEqual({ ok: false, reason: 'TOO_LARGE' });
  });

  it('refuses XML with a DOCTYPE (no entities)', async () => {
    const evil = zipOf([
      {
        name: 'word/document.xml',
        data: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xxxxxxxx">]><w:document xmlns:w="w"><w:body><w:p><w:t>&x;</w:t></w:p></w:body></w:document>',
      },
    ]);
    expect(await extractText(evil, DOCX)).toEqual({ ok: false, reason: 'UNSAFE_XML' });
  });

  it('gives up on a damaged file without failing the caller', async () => {
    expect(await extractText(Buffer.from('PK\u0003\u0004 not a zip at all'), DOCX)).toEqual({
      ok: false,
      reason: 'CORRUPT',
    });
    const broken = await extractText(Buffer.from('%PDF-1.4\n garbage'), 'application/pdf');
    expect(broken.ok === false || broken.text === '').toBe(true);
  });

  it('ends a worker that runs past the time cap', async () => {
    const big = pdfWithText(...Array.from({ length: 200 }, (_, i) => `Página ${i} com bastante texto para ler`));
    expect(await extractText(big, 'application/pdf', { ...DEFAULT_TEXT_LIMITS, timeoutMs: 1 })).toEqual({
      ok: false,
      reason: 'TIMEOUT',
    });
  });

  it('reads many files in one long-lived worker, one after the other', async () => {
    const before = textExtractorStats();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) => extractText(pdfWithText(`Ficha número ${n}`), 'application/pdf')),
    );
    expect(results.map((r) => r.ok && r.text)).toEqual(Array.from({ length: 6 }, (_, n) => `Ficha número ${n}`));
    const after = textExtractorStats();
    expect(after.files - before.files).toBe(6);
    // At most one worker started for the six (none when the previous test's is still there).
    expect(after.workersStarted - before.workersStarted).toBeLessThanOrEqual(1);
  });

  it('ends the worker of a file that trips a cap; the next file gets a new one', async () => {
    const big = pdfWithText(...Array.from({ length: 200 }, (_, i) => `Página ${i} com bastante texto para ler`));
    const [slow, next] = await Promise.all([
      extractText(big, 'application/pdf', { ...DEFAULT_TEXT_LIMITS, timeoutMs: 1 }),
      extractText(pdfWithText('Depois do arquivo hostil'), 'application/pdf'),
    ]);
    expect(slow).toEqual({ ok: false, reason: 'TIMEOUT' });
    expect(next).toEqual({ ok: true, text: 'Depois do arquivo hostil', truncated: false });
    const started = textExtractorStats().workersStarted;
    // A refused file (a cap inside the worker) retires its worker too.
    expect(await extractText(Buffer.from('PK\u0003\u0004 not a zip at all'), DOCX)).toMatchObject({ ok: false });
    expect((await extractText(Buffer.from('ainda lê'), 'text/plain')).ok).toBe(true);
    expect(textExtractorStats().workersStarted).toBe(started + 1);
  });

  it('splits a marked excerpt into text and highlight ranges', () => {
    expect(parseExcerpt('a \u0001Preços\u0002 do \u0001modelo\u0002')).toEqual({
      texto: 'a Preços do modelo',
      destaques: [
        { inicio: 2, fim: 8 },
        { inicio: 12, fim: 18 },
      ],
    });
    expect(parseExcerpt(null)).toBeNull();
  });
});
