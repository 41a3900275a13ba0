// Finding lexicon terms in a tokenized name, and the geometry of those matches (which one heads a
// compound, which hides or contains another). Pure functions over the loaded lexicon.
import { LEXICON, type LexiconEntry } from './lexicon.ts';

export interface Hit {
  entry: LexiconEntry;
  /** Index of the (last) token the match lies in. */
  token: number;
  /** End of the match inside that token. */
  end: number;
  /** A compound head written as a word of its own after another word; counts only after a food word. */
  afterWord?: boolean;
}

export interface LexiconIndex {
  byWord: Map<string, LexiconEntry[]>;
  /** Terms matched inside tokens, by their first `KEY_LENGTH` letters (shorter terms by themselves). */
  byStart: Map<string, LexiconEntry[]>;
}

const KEY_LENGTH = 3;

function indexLexicon(entries: readonly LexiconEntry[]): LexiconIndex {
  const byWord = new Map<string, LexiconEntry[]>();
  const byStart = new Map<string, LexiconEntry[]>();
  const add = (map: Map<string, LexiconEntry[]>, key: string, entry: LexiconEntry): void => {
    const list = map.get(key);
    if (list) list.push(entry);
    else map.set(key, [entry]);
  };
  for (const entry of entries) {
    if (entry.mode === 'word') add(byWord, entry.term, entry);
    else add(byStart, entry.term.slice(0, KEY_LENGTH), entry);
  }
  return { byWord, byStart };
}

export const INDEX: LexiconIndex = indexLexicon(LEXICON);

/** Entries whose term could start at `at` in `text`. */
function* startingAt(index: LexiconIndex, text: string, at: number): Generator<LexiconEntry> {
  for (let length = 2; length <= KEY_LENGTH && at + length <= text.length; length++) {
    const list = index.byStart.get(text.slice(at, at + length));
    if (list) yield* list;
  }
}

/**
 * Every lexicon term in every token (its rightmost occurrence), and across each pair of neighbouring
 * tokens where the term starts with the first token and reaches into the second
 * (`naudan|jauheliha`, `kanan|munia`); matches starting inside the first token would read words
 * that are not there (`fu|silli no` is no herring).
 */
export function findHits(tokens: string[], index: LexiconIndex): Hit[] {
  const hits: Hit[] = [];
  tokens.forEach((token, i) => {
    for (const entry of index.byWord.get(token) ?? []) hits.push({ entry, token: i, end: token.length });
    const rightmost = new Map<LexiconEntry, number>();
    for (let at = 0; at < token.length - 1; at++) {
      for (const entry of startingAt(index, token, at)) {
        const end = at + entry.term.length;
        if (end > token.length || !token.startsWith(entry.term, at)) continue;
        if (entry.mode === 'prefix' && at !== 0) continue;
        if (entry.mode === 'suffix' && (end !== token.length || at === 0)) continue;
        rightmost.set(entry, end);
      }
    }
    for (const [entry, end] of rightmost) hits.push({ entry, token: i, end });

    const next = tokens[i + 1];
    if (next === undefined) return;
    // A compound written apart (`kana-caesar salaatti`): a compound head as the whole next token.
    for (const entry of startingAt(index, next, 0)) {
      if (entry.mode === 'suffix' && entry.term === next) hits.push({ entry, token: i + 1, end: next.length, afterWord: true });
    }
    const joined = token + next;
    for (const entry of index.byWord.get(joined) ?? []) hits.push({ entry, token: i + 1, end: next.length });
    for (const entry of startingAt(index, joined, 0)) {
      if (entry.mode !== 'suffix' && entry.term.length > token.length && joined.startsWith(entry.term)) {
        hits.push({ entry, token: i + 1, end: entry.term.length - token.length });
      }
    }
  });
  return hits;
}

export const startOf = (hit: Hit): number => hit.end - hit.entry.term.length;

export function overlaps(hit: Hit, other: Hit): boolean {
  return hit.token === other.token && startOf(hit) < other.end && startOf(other) < hit.end;
}

/** True when `outer` spans all of `inner` (roska|pussi keeps roskapussi). */
export function contains(outer: Hit, inner: Hit): boolean {
  return outer.token === inner.token && startOf(outer) <= startOf(inner) && outer.end >= inner.end && outer.entry.term.length > inner.entry.term.length;
}

/** Case and plural endings after a head word (`suikale|et`, `filee|itä`): a longer match ending this
 * close to the end of the token still counts as its head. */
const ENDING_SLACK = 2;

/** The head of a token's matches: the longest of those ending at (or just before) the rightmost end. */
export function headOf(hits: Hit[]): Hit | undefined {
  let rightmost = -1;
  for (const hit of hits) rightmost = Math.max(rightmost, hit.end);
  let head: Hit | undefined;
  for (const hit of hits) {
    if (hit.end < rightmost - ENDING_SLACK) continue;
    const longer = !head || hit.entry.term.length > head.entry.term.length;
    const same = head !== undefined && hit.entry.term.length === head.entry.term.length;
    if (longer || (same && head && (hit.end > head.end || (hit.end === head.end && hit.entry.rank > head.entry.rank)))) {
      head = hit;
    }
  }
  return head;
}

