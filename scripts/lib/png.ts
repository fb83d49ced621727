import { deflateSync } from 'node:zlib';

// A minimal PNG encoder for the demo photos: real, viewable images made without image
// libraries (a diagonal gradient between two colours with a soft sun).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/**
 * A width x height RGB PNG: gradient from `from` to `to`, with a light disc at (sunX, sunY).
 * `grain`: the amplitude of a deterministic per-pixel noise, like a camera sensor's, which makes
 * the PNG as heavy as an uncompressed original (0: none, the small file a smooth gradient makes).
 */
export function gradientPng(
  width: number,
  height: number,
  from: Rgb,
  to: Rgb,
  sun: { x: number; y: number; r: number },
  grain = 0,
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let noise = 0x9e3779b9;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const d = Math.hypot(x - sun.x * width, y - sun.y * height) / (sun.r * width);
      const glow = d < 1 ? (1 - d) ** 2 : 0;
      for (let c = 0; c < 3; c++) {
        const base = (from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t;
        let value = base + (255 - base) * glow;
        if (grain > 0) {
          // xorshift32: the same grain on every run
          noise ^= noise << 13;
          noise ^= noise >>> 17;
          noise ^= noise << 5;
          value += ((noise >>> 0) / 4294967296 - 0.5) * grain;
        }
        raw[row + 1 + x * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
