// What the category model reads in a line (pure): the name's letters and words, the compound's
// head, unit and pack cues, the lexicon's reading and the store. Shared by the trainer
// (scripts/data/model/) and the backend, so both read a name the same way. Each feature is a
// string; model.ts hashes it into the model's weight table.
import { foldText } from '../fold-text.ts';
import type { LexiconReading } from './lexical.ts';
import { readTokens } from './ocr-slips.ts';
import type { StoreKind } from './store-kind.ts';

export interface FeatureCues {
  /** The kind of store that printed the receipt, when it sells one kind of goods. */
  store?: StoreKind;
}

// A compound headed by a pack names its contents by the rest (`porkkana|pussi` is carrots,
// `täyttö|pussi` a refill, `kala|rasia`): the letters and head are read on the contents, the pack
// is a feature of its own, and the whole word stays a word (`roskapussi` is a bag).
const PACK_HEADS = /(?:tayttopussi|pussi|pussit|rasia|purkki|pakkaus|tolkki|pullo|tuubi|ruukku|saakki|sakki|paketti)$/;

function contents(token: string): { stem: string; pack: string | null } {
  const match = PACK_HEADS.exec(token);
  if (!match || match.index < 3) return { stem: token, pack: match && match.index === 0 ? match[0] : null };
  return { stem: token.slice(0, match.index), pack: match[0] };
}

/**
 * Letters and words: character 3- to 5-grams of each folded token with word boundaries (`^kana`),
 * the whole word, pairs of neighbouring words, and the token's last three to six letters, because
 * a Finnish compound is decided by its head, which is its end (`kaura|juoma`, `mustikka|piirakka`).
 * The ends are also read with the token's place in the name: the first word is often a brand or a
 * flavour, the last a flavour or variant (`kaurajuoma korvapuusti`).
 */
function wordFeatures(tokens: readonly string[], out: string[]): void {
  tokens.forEach((whole, i) => {
    out.push(`w:${whole}`);
    const { stem: token, pack } = contents(whole);
    if (pack) out.push(`pk:${pack}`);
    if (token === pack) return;
    const padded = `^${token}$`;
    for (let n = 3; n <= 5; n++) {
      for (let at = 0; at + n <= padded.length; at++) out.push(padded.slice(at, at + n));
    }
    for (let n = 3; n <= 6; n++) if (token.length > n) out.push(`h${n}:${token.slice(-n)}`);
    const place = tokens.length === 1 ? 'o' : i === 0 ? 'f' : i === tokens.length - 1 ? 'l' : 'm';
    out.push(`p${place}:${token.slice(-5)}`);
    const next = tokens[i + 1];
    if (next !== undefined) out.push(`b:${whole}_${next}`);
  });
  out.push(`n:${Math.min(tokens.length, 6)}`);
}

const UNIT_BASE: Record<string, [unit: string, toBase: number]> = {
  kg: ['g', 1000], g: ['g', 1], gr: ['g', 1], l: ['l', 1], ltr: ['l', 1], dl: ['l', 0.1], cl: ['l', 0.01], ml: ['l', 0.001], kpl: ['kpl', 1],
};

function sizeBand(unit: string, amount: number): string {
  if (unit === 'g') return amount < 100 ? 'xs' : amount < 400 ? 's' : amount < 1000 ? 'm' : 'l';
  if (unit === 'l') return amount < 0.2 ? 'xs' : amount < 0.6 ? 's' : amount < 1.2 ? 'm' : 'l';
  return amount < 6 ? 's' : amount <= 12 ? 'm' : 'l';
}

/**
 * Pack and unit cues of the raw name: the unit and size band of the pack (`400G`, `1,5L`,
 * `10KPL`), a multipack (`6X0,33L`), a price per kilo, a fat or alcohol percentage, an egg size
 * class with a count (`L15`, `M10`).
 */
function packFeatures(name: string, out: string[]): void {
  const folded = foldText(name);
  const pack = /(?:(\d+)\s*x\s*)?(\d+(?:[.,]\d+)?)\s*(kg|gr|g|ltr|l|dl|cl|ml|kpl)(?![a-z])/.exec(folded);
  const [unit, toBase] = pack ? (UNIT_BASE[pack[3] ?? ''] ?? ['', 1]) : ['', 1];
  if (pack) {
    const amount = Number((pack[2] ?? '0').replace(',', '.')) * toBase;
    // The exact size too: packs come in sizes of their own kind (a 0,33 l can, a 400 g pack of mince).
    out.push(`u:${pack[3]}`, `u:${unit}:${sizeBand(unit, amount)}`, `u:${unit}=${Number(amount.toPrecision(3))}`);
  }
  // A multipack written `6X0,33L` or `6-pack`.
  if (pack?.[1] || /(?<![0-9])\d{1,2}\s*-?\s*(?:pack|pck|pk)(?![a-z])/.test(folded)) out.push('u:multi', `u:multi:${unit}`);
  if (/\/\s*kg\b|€\s*\/\s*kg|e\/kg/.test(folded)) out.push('u:perkg');
  // A percentage with a pack in litres is a drink's alcohol (or a milk's fat); with grams, fat or cocoa.
  if (/\d\s*%/.test(folded)) out.push('u:pct', `u:pct:${unit}`);
  if (/(?<![a-z0-9])[sml]\s?(?:6|8|10|12|15|18|20|24|30)(?![0-9])/.test(folded)) out.push('u:eggsize');
}

/**
 * The lexicon's reading as evidence: the category its winning head reads, how sure it is, the
 * role and rank of that head (a brand is weaker than a product word), and every other head found.
 * The model learns how far each is to be trusted against the letters of the name.
 */
function lexiconFeatures(lexical: LexiconReading | null, out: string[]): void {
  if (!lexical) {
    out.push('lx:none');
    return;
  }
  const [winner] = lexical.heads;
  out.push(`lx:${lexical.category}`, `lx:${lexical.category}:${lexical.confidence}`);
  if (winner) out.push(`lx:${lexical.category}:${winner.role}:${Math.floor(winner.score)}`);
  if (lexical.refined) out.push(`lx:${lexical.category}:refined`);
  for (const category of new Set(lexical.heads.slice(1).map((head) => head.category))) {
    if (category !== lexical.category) out.push(`lx:also:${category}`);
  }
}

export interface FeatureOptions {
  /** Read the lexicon's reading too (the model alone of the evaluation does not). */
  lexicon: boolean;
}

/** Every feature of one line; `lexical` is the lexicon's reading of its name. */
export function lineFeatures(name: string, cues: FeatureCues, lexical: LexiconReading | null, options: FeatureOptions): string[] {
  const out: string[] = [];
  wordFeatures(readTokens(name).map((token) => token.text), out);
  packFeatures(name, out);
  out.push(...cueFeatures(cues));
  if (options.lexicon) lexiconFeatures(lexical, out);
  return out;
}

/** The features of the cues alone (the store's kind): what they say before any name is read. */
export function cueFeatures(cues: FeatureCues): string[] {
  return cues.store ? [`s:${cues.store}`] : [];
}
