// Image compression in a web worker. browser-image-compression's worker loads the library with
// importScripts from a public CDN by default; pointing it at our own copy keeps uploads working
// offline and tells no third party about them.
import imageCompression, { type Options } from 'browser-image-compression';
import compressionLibPath from 'browser-image-compression/dist/browser-image-compression.js?url';

/** The worker runs from a blob: URL, so importScripts needs an absolute address. */
function libURL(): string {
  return new URL(compressionLibPath, window.location.href).href;
}

export function compressImage(
  file: File,
  options: Omit<Options, 'useWebWorker' | 'libURL'>,
): Promise<File> {
  return imageCompression(file, { ...options, useWebWorker: true, libURL: libURL() });
}
