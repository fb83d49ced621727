/**
 * Build-time stand-in for `re2js` (aliased in vite.config.ts). The Firestore SDK imports RE2 at
 * the top of its common module for one feature, evaluating regular-expression functions of
 * Pipeline queries on the client, which keeps ~45 KB gzip in every signed-in page although
 * Gatherly sends no Pipeline queries. The SDK compiles a pattern only inside those functions and
 * catches a failure there (it logs a warning and yields an error value), so this fails loudly
 * and harmlessly if it is ever reached.
 */
export class RE2JS {
  static compile(pattern: string): never {
    throw new Error(
      `re2js: Pipeline regular expressions are not part of Gatherly's bundle (pattern ${pattern})`,
    );
  }
}
