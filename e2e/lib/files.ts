import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

/** Files a person picks in the upload dialog, written to a temp folder removed at the end of the run. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'gatherly-e2e-'));

export function removeTempFiles(): void {
  rmSync(dir, { recursive: true, force: true });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real RGB PNG: a diagonal gradient in `rgb`, so each photo is recognisable in screenshots. */
export function pngBytes(
  width: number,
  height: number,
  rgb: readonly [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const shade = 0.55 + 0.45 * ((x + y) / (width + height));
      const o = row + 1 + x * 3;
      raw[o] = Math.round(rgb[0] * shade);
      raw[o + 1] = Math.round(rgb[1] * shade);
      raw[o + 2] = Math.round(rgb[2] * shade);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function write(name: string, bytes: Buffer): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

export function photoFile(
  name: string,
  rgb: readonly [number, number, number],
  size: { width: number; height: number } = { width: 320, height: 240 },
): string {
  return write(name, pngBytes(size.width, size.height, rgb));
}

/** A JPEG-named file just over the 10 MB (10485760 bytes) gallery limit. */
export function oversizedPhotoFile(name: string): string {
  const bytes = Buffer.alloc(10_485_760 + 512 * 1024);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return write(name, bytes);
}

export function textFile(name: string): string {
  return write(name, Buffer.from('Packing list: sunscreen, hat, charger.\n'));
}
