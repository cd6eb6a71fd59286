import fs from 'node:fs';
import v8 from 'node:v8';
import type { XlsxRow } from '../../platform/xlsx-reader.js';

/**
 * The rows pass 1 read, kept in a temp file for pass 2 (docs/domains/user-import.md#processing): the job reads the
 * .xlsx once (unzipping and parsing its XML was about 1.7 s of a 50,000-row import, per pass), and pass 2 reads
 * these frames back instead, a few times faster. A frame is a 4-byte length and `v8.serialize` of a batch of rows
 * (dates stay dates). Memory holds one batch at a time either way.
 */

/** Rows per frame. */
const ROWS_PER_FRAME = 1_000;

/** Writes rows to `file` as they come; `close` flushes and closes it. */
export function spillWriter(file: string) {
  const out = fs.createWriteStream(file);
  let batch: XlsxRow[] = [];
  let failed: Error | null = null;
  out.on('error', (err) => {
    failed = err;
  });
  const flush = async () => {
    if (!batch.length) return;
    const body = v8.serialize(batch);
    batch = [];
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    out.write(head);
    if (!out.write(body)) await new Promise<void>((resolve) => out.once('drain', resolve));
    if (failed) throw failed;
  };
  return {
    async add(row: XlsxRow) {
      batch.push(row);
      if (batch.length >= ROWS_PER_FRAME) await flush();
    },
    async close() {
      await flush();
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      if (failed) throw failed;
    },
    /** Stops writing (pass 1 failed): the file is removed by the caller. */
    destroy() {
      out.destroy();
    },
  };
}

/** The rows `spillWriter` wrote to `file`, in order. */
export async function* readSpill(file: string): AsyncGenerator<XlsxRow> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const data of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    pending = pending.length ? Buffer.concat([pending, data as Buffer]) : (data as Buffer);
    let at = 0;
    const rows: XlsxRow[] = [];
    while (pending.length - at >= 4) {
      const size = pending.readUInt32LE(at);
      if (pending.length - at - 4 < size) break;
      rows.push(...(v8.deserialize(pending.subarray(at + 4, at + 4 + size)) as XlsxRow[]));
      at += 4 + size;
    }
    pending = pending.subarray(at);
    yield* rows;
  }
  if (pending.length) throw new Error(`user import: ${pending.length} bytes left over in ${file}`);
}
