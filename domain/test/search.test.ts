import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_TOKENS,
  memberSearchTokens,
  photoSearchTokens,
  searchQuery,
  searchTokens,
  searchWords,
} from '../src/search.ts';

describe('search tokens', () => {
  it('splits into lower-case words without accents', () => {
    expect(searchWords('Zoë  Saldaña-Pérez, 2027!')).toEqual(['zoe', 'saldana', 'perez', '2027']);
    expect(searchWords('  ')).toEqual([]);
  });

  it('stores every prefix of every word up to 10 characters, once', () => {
    expect(searchTokens('Ann Anna')).toEqual(['a', 'an', 'ann', 'anna']);
    expect(searchTokens('Extraordinarily')).toHaveLength(10);
    expect(searchTokens('Extraordinarily')).toContain('extraordin');
  });

  it('caps a long text at MAX_SEARCH_TOKENS, keeping the first words findable', () => {
    const caption = Array.from({ length: 40 }, (_, i) => `word${i}abcdef`).join(' ');
    const tokens = photoSearchTokens(caption, 'Ana');
    expect(tokens).toHaveLength(MAX_SEARCH_TOKENS);
    expect(tokens).toContain('word0abcde');
  });

  it('finds members by name and by the e-mail local part', () => {
    const tokens = memberSearchTokens('José Álvarez', 'jose.alvarez@example.com');
    for (const text of ['jos', 'Álv', 'alvarez', 'josealv', 'JOSE ALV']) {
      const query = searchQuery(text);
      expect(query, text).not.toBeNull();
      expect(tokens).toContain(query!.token);
      expect(query!.matches(tokens), text).toBe(true);
    }
    expect(searchQuery('example')!.matches(tokens)).toBe(false);
    expect(searchQuery('osé')!.matches(tokens)).toBe(false);
  });

  it('asks for the first word, cut to the stored length; every word must match', () => {
    const query = searchQuery('Extraordinarily long');
    expect(query!.token).toBe('extraordin');
    expect(query!.matches(searchTokens('an extraordinarily long day'))).toBe(true);
    expect(query!.matches(searchTokens('an extraordinarily short day'))).toBe(false);
    expect(searchQuery(' ,; ')).toBeNull();
  });
});
