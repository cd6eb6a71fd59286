// The text of uploads, read in a long-lived worker thread, one file after the other (files.text.ts starts it
// with a memory cap, sends it one file at a time and ends it at a file's time cap or when a file fails): PDF
// through pdf.js's Node build, DOCX/PPTX/XLSX as zip + XML (yauzl + saxes, with the caps of decision 0025),
// plain text decoded. Plain JavaScript so that the worker loads the same way under tsx, vitest and node.
// docs/decisions/0044-text-extraction.md.
import { parentPort } from 'node:worker_threads';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

class Refused extends Error {}

/** Collects text up to maxChars; past it the extraction stops (the text is kept, marked truncated). */
class Collector {
  parts = [];
  length = 0;
  full = false;
  constructor(maxChars) {
    this.maxChars = maxChars;
  }
  add(text) {
    if (this.full || !text) return;
    const room = this.maxChars - this.length;
    const piece = text.length > room ? text.slice(0, room) : text;
    this.parts.push(piece);
    this.length += piece.length;
    if (this.length >= this.maxChars) this.full = true;
  }
  text() {
    return this.parts.join('');
  }
}

/** pdf.js, loaded once per worker (the first PDF pays for it, the next ones do not). */
let pdfjsLoaded = null;

async function pdfText(data, out) {
  pdfjsLoaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdfjs = await pdfjsLoaded;
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    for (let n = 1; n <= doc.numPages && !out.full; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (typeof item.str === 'string') out.add(item.str);
        out.add(item.hasEOL ? '\n' : ' ');
      }
      out.add('\n');
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
}

/** Office Open XML parts that hold the text, in reading order, per format. */
const OOXML = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    parts: (name) => name === 'word/document.xml' || /^word\/(header|footer|footnotes|endnotes)\d*\.xml$/.test(name),
    text: new Set(['t']),
    breaks: new Set(['p', 'tab', 'br']),
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    parts: (name) => /^ppt\/(slides\/slide|notesSlides\/notesSlide)\d+\.xml$/.test(name),
    text: new Set(['t']),
    breaks: new Set(['p', 'br']),
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    // The shared strings hold every text cell; inline strings sit in the sheets.
    parts: (name) => name === 'xl/sharedStrings.xml' || /^xl\/worksheets\/sheet\d+\.xml$/.test(name),
    text: new Set(['t']),
    breaks: new Set(['si', 'is', 'row']),
  },
};

const localName = (name) => name.slice(name.indexOf(':') + 1);
const partOrder = (name) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);

function openZip(data) {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true }, (err, zip) =>
      err ? reject(new Refused('CORRUPT')) : resolve(zip),
    ),
  );
}

async function ooxmlText(data, out, format, caps) {
  const { maxEntryBytes, maxTotalInflated, maxRatio } = caps;
  const zip = await openZip(data);
  const entries = [];
  await new Promise((resolve, reject) => {
    let count = 0;
    zip.on('entry', (entry) => {
      if (++count > 10_000) return reject(new Refused('TOO_MANY_ENTRIES'));
      if (format.parts(entry.fileName)) entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', () => reject(new Refused('CORRUPT')));
    zip.readEntry();
  });
  entries.sort((a, b) => {
    const shared = (e) => (e.fileName.includes('sharedStrings') || e.fileName === 'word/document.xml' ? 0 : 1);
    return shared(a) - shared(b) || partOrder(a.fileName) - partOrder(b.fileName);
  });
  let inflated = 0;
  for (const entry of entries) {
    if (out.full) break;
    // Sizes checked before a byte is inflated (decision 0025), then counted while inflating.
    if (entry.uncompressedSize > maxEntryBytes) throw new Refused('TOO_LARGE');
    if (entry.uncompressedSize > 1_000_000 && entry.uncompressedSize / Math.max(entry.compressedSize, 1) > maxRatio)
      throw new Refused('TOO_LARGE');
    const stream = await new Promise((resolve, reject) =>
      zip.openReadStream(entry, (err, s) => (err ? reject(new Refused('CORRUPT')) : resolve(s))),
    );
    const parser = new SaxesParser({ xmlns: false });
    let depth = 0;
    let failure = null;
    parser.on('doctype', () => {
      failure = new Refused('UNSAFE_XML');
    });
    parser.on('error', () => {
      failure ??= new Refused('CORRUPT');
    });
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (format.text.has(name) && !tag.isSelfClosing) depth++;
      if (format.breaks.has(name) && tag.isSelfClosing) out.add(name === 'tab' ? ' ' : '\n');
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (format.text.has(name) && depth > 0) depth--;
      else if (format.breaks.has(name)) out.add(name === 'tab' ? ' ' : '\n');
    });
    parser.on('text', (text) => {
      if (depth > 0) out.add(text);
    });
    parser.on('cdata', (text) => {
      if (depth > 0) out.add(text);
    });
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of stream) {
      inflated += chunk.length;
      if (inflated > maxTotalInflated) throw new Refused('TOO_LARGE');
      parser.write(decoder.decode(chunk, { stream: true }));
      if (failure) throw failure;
      if (out.full) {
        stream.destroy();
        break;
      }
    }
    if (!out.full) parser.close();
    if (failure) throw failure;
    out.add('\n');
  }
  zip.close();
}

function plainText(data, out) {
  const head = data.subarray(0, out.maxChars * 4);
  let text = new TextDecoder('utf-8').decode(head);
  // Not UTF-8: the Windows Latin-1 most older text files in Portuguese and Spanish are in.
  if (text.includes('\uFFFD')) text = new TextDecoder('windows-1252').decode(head);
  out.add(text);
}

async function extract(file) {
  const { bytes, contentType, maxChars } = file;
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Collector(maxChars);
  if (contentType === 'application/pdf') await pdfText(data, out);
  else if (OOXML[contentType]) await ooxmlText(data, out, OOXML[contentType], file);
  else if (contentType === 'text/plain' || contentType === 'text/csv') plainText(data, out);
  else throw new Refused('UNSUPPORTED');
  return { text: out.text(), truncated: out.full };
}

// One file at a time: the parent sends the next one only after this one's answer.
parentPort.on('message', (file) =>
  extract(file).then(
    (result) => parentPort.postMessage({ id: file.id, ok: true, ...result }),
    (err) =>
      parentPort.postMessage({ id: file.id, ok: false, reason: err instanceof Refused ? err.message : 'CORRUPT' }),
  ),
);
