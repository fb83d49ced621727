/**
 * Whether the browser can decode the file as an image: the recognition uploads rely on, since a
 * file's name and declared type prove nothing (a text file renamed .jpg claims image/jpeg). It is
 * the same decoding the compression step needs, so what passes here can be compressed.
 */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      bitmap.close();
      return true;
    } catch {
      // Some formats decode only through <img> (HEIC in Safari): try that before refusing.
    }
  }
  if (typeof Image === 'undefined' || typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth > 0;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}
