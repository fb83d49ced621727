/**
 * Search that works at 10,000 photos and 1,000 members without downloading them
 * (docs/performance.md, "Search"): a document stores the prefixes of its words
 * (`searchTokens`), and a query asks `searchTokens array-contains <first query word>`; further
 * words filter the loaded page. Matching is by word prefix: "jo" finds "John", "ohn" does not.
 */

/** Longest prefix stored per word: longer query words are cut to it (and still match). */
export const MAX_PREFIX_LENGTH = 10;
/** Most tokens stored on one document (Firestore indexes every array element). */
export const MAX_SEARCH_TOKENS = 100;

/** Lower-case, accents stripped ("Zoë" → "zoe"), split on anything but letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * The tokens to store for a document's searchable texts: each word's prefixes of 1 to
 * MAX_PREFIX_LENGTH characters, once each, the shorter prefixes of earlier texts first, at most
 * MAX_SEARCH_TOKENS (a caption too long to index fully stays findable by its first words).
 */
export function searchTokens(...texts: readonly string[]): string[] {
  const tokens = new Set<string>();
  for (const word of texts.flatMap(searchWords)) {
    const chars = Array.from(word);
    for (let n = 1; n <= Math.min(chars.length, MAX_PREFIX_LENGTH); n++) {
      tokens.add(chars.slice(0, n).join(''));
      if (tokens.size === MAX_SEARCH_TOKENS) return [...tokens];
    }
  }
  return [...tokens];
}

/** A member's searchable texts: display name, and the e-mail's local part with its words. */
export function memberSearchTokens(displayName: string, email: string): string[] {
  const localPart = email.split('@')[0] ?? '';
  return searchTokens(displayName, localPart, localPart.replace(/[^\p{L}\p{N}]+/gu, ''));
}

/** A photo's searchable texts: caption and uploader name. */
export function photoSearchTokens(caption: string, uploaderName: string): string[] {
  return searchTokens(caption, uploaderName);
}

/**
 * A search box's text as a query: `token` for `array-contains` (the first word, cut to
 * MAX_PREFIX_LENGTH), and `matches(tokens)` for the loaded documents (every word must be a
 * prefix of one of the document's words). `null` when the text has no words (no search).
 */
export function searchQuery(
  text: string,
): { token: string; matches(tokens: readonly string[]): boolean } | null {
  const words = searchWords(text).map((word) =>
    Array.from(word).slice(0, MAX_PREFIX_LENGTH).join(''),
  );
  const first = words[0];
  if (first === undefined) return null;
  return {
    token: first,
    matches: (tokens) => {
      const stored = new Set(tokens);
      return words.every((word) => stored.has(word));
    },
  };
}
