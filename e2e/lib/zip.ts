// Reads a downloaded zip back with a real unzip library: entry names and sizes.
import { open, type Entry } from 'yauzl';

export function zipEntries(path: string): Promise<{ name: string; size: number }[]> {
  return new Promise((resolve, reject) => {
    open(path, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const entries: { name: string; size: number }[] = [];
      file.on('entry', (entry: Entry) => {
        entries.push({ name: entry.fileName, size: entry.uncompressedSize });
        file.readEntry();
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}
