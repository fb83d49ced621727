import { createHash } from 'node:crypto';

// Object checksums in the forms Cloud Storage reports them: base64 of the MD5 digest and of the
// big-endian CRC32C (Castagnoli). @google-cloud/storage validates both after uploads and
// downloads, so they must be exact.

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC32C_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function crc32cBase64(data: Uint8Array): string {
  const buf = Buffer.alloc(4);
  buf.writeUInt32BE(crc32c(data));
  return buf.toString('base64');
}

export function md5Base64(data: Uint8Array): string {
  return createHash('md5').update(data).digest('base64');
}
