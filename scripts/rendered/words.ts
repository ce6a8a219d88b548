// What the rendered text pages say: business letters in four languages, a
// newsletter's prose and a Spanish notice built from phrase lists (so pages
// rarely repeat a sentence), people, firms and places. The lists are data
// (words.json beside this file), checked by the schema below. None of it is
// shared with the canvas generator (scripts/calibration/text.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { int, pick, type Random, shuffled } from "./random";

export type Language = "en" | "fr" | "de" | "es";

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export interface Party {
  name: string;
  /** A person at the firm, for the address block's first line (may be empty). */
  person: string;
  lines: string[];
  city: string;
  /** How a letter to this person opens; a letter to the firm opens with the language's general greeting. */
  dear?: string;
}

const Phrases = z.array(z.string().min(1)).min(1);
const PerLanguage = <T extends z.ZodType>(value: T) =>
  z.object({ en: value, fr: value, de: value, es: value }).strict();

const Party = z
  .object({
    name: z.string().min(1),
    person: z.string(),
    lines: Phrases,
    city: z.string().min(1),
    dear: z.string().min(1).optional(),
  })
  .strict();

const Words = z
  .object({
    letters: z
      .object({
        /** A letter's sentences: the first opens a letter, the last closes it, the rest in any order. */
        sentences: PerLanguage(Phrases.min(3)),
        /** Two of them, sender and recipient, per letter. */
        parties: PerLanguage(z.array(Party).min(2)),
        months: PerLanguage(Phrases.length(12)),
        subjects: PerLanguage(Phrases),
        /** The salutation of a letter to a firm rather than to a person. */
        greetings: PerLanguage(z.string().min(1)),
        closings: PerLanguage(Phrases),
        /** [name, role] */
        signers: PerLanguage(z.array(z.tuple([z.string().min(1), z.string().min(1)])).min(1)),
        /** The label before a letter's reference. */
        references: PerLanguage(z.string().min(1)),
      })
      .strict(),
    /** A newsletter's sentences, put together from parts: a subject, what it did or will do, to what, when. */
    news: z
      .object({
        /** Subjects in the singular. */
        one: Phrases,
        /** Subjects in the plural. */
        many: Phrases,
        /** [singular verb, plural verb] */
        actions: z.array(z.tuple([z.string().min(1), z.string().min(1)])).min(1),
        objects: Phrases,
        times: Phrases,
        /** Whole sentences put between the built ones now and then. */
        asides: Phrases,
        headlines: Phrases,
        titles: Phrases,
      })
      .strict(),
    /** A Spanish notice: a building's or a town's announcements, and the legal small print under it. */
    aviso: z
      .object({
        subjects: Phrases,
        actions: Phrases,
        objects: Phrases,
        times: Phrases,
        clauses: Phrases,
        titles: Phrases,
      })
      .strict(),
  })
  .strict();

const WORDS = Words.parse(
  JSON.parse(readFileSync(path.join(import.meta.dirname, "words.json"), "utf8")),
);
const { letters: LETTERS, news: NEWS, aviso: AVISO } = WORDS;

export function letterDate(random: Random, language: Language, city: string): string {
  const d = int(random, 1, 28);
  const m = int(random, 0, 11);
  const y = int(random, 2019, 2025);
  const month = LETTERS.months[language][m] ?? "";
  switch (language) {
    case "en":
      return `${d} ${month} ${y}`;
    case "fr":
      return `${city}, le ${d} ${month} ${y}`;
    case "de":
      return `${city}, ${d}. ${month} ${y}`;
    case "es":
      return `${city}, ${d} de ${month} de ${y}`;
  }
}

export interface LetterText {
  language: Language;
  sender: Party;
  recipient: Party;
  date: string;
  reference: string;
  subject: string;
  salutation: string;
  paragraphs: string[];
  closing: string;
  signer: string;
  role: string;
}

/** A business letter's text: two firms of one country, two to four short paragraphs. */
export function letter(
  random: Random,
  language: Language,
  paragraphs = int(random, 2, 4),
): LetterText {
  const [sender, recipient] = shuffled(random, LETTERS.parties[language]) as [Party, Party];
  // Each list opens with a letter's first sentence and ends with a closing one; the rest in any order.
  const pool = LETTERS.sentences[language];
  const sizes = Array.from({ length: paragraphs }, () => int(random, 2, 3));
  const middle = shuffled(random, pool.slice(1, -1)).slice(0, sum(sizes) - 2);
  const body = [pool[0] ?? "", ...middle, pool.at(-1) ?? ""];
  const [signer, role] = pick(random, LETTERS.signers[language]);
  let at = 0;
  return {
    language,
    sender,
    recipient,
    date: letterDate(random, language, sender.city),
    reference: `${LETTERS.references[language]} ${pick(random, ["KD", "VT", "SV", "AB"])}-${int(random, 1000, 9899)}`,
    subject: pick(random, LETTERS.subjects[language]),
    salutation: recipient.dear ?? LETTERS.greetings[language],
    paragraphs: sizes.map((n) => {
      const sentences = body.slice(at, at + n);
      at += n;
      return sentences.join(" ");
    }),
    closing: pick(random, LETTERS.closings[language]),
    signer,
    role,
  };
}

function newsSentence(random: Random): string {
  const many = random() < 0.4;
  const subject = pick(random, many ? NEWS.many : NEWS.one);
  const [one, more] = pick(random, NEWS.actions);
  return `${subject} ${many ? more : one} ${pick(random, NEWS.objects)} ${pick(random, NEWS.times)}`;
}

/** A paragraph of newsletter prose: three to five sentences, now and then an aside. */
export function newsParagraph(random: Random): string {
  const out: string[] = [];
  const count = int(random, 3, 5);
  for (let i = 0; i < count; i++)
    out.push(i > 0 && random() < 0.3 ? pick(random, NEWS.asides) : newsSentence(random));
  return [...new Set(out)].join(" ");
}

export const NEWS_HEADLINES: readonly string[] = NEWS.headlines;

export const NEWSLETTER_TITLES: readonly string[] = NEWS.titles;

/** A paragraph of the Spanish notice: announcements and a clause or two of small print. */
export function avisoParagraph(random: Random): string {
  const out: string[] = [];
  const count = int(random, 3, 5);
  for (let i = 0; i < count; i++) {
    out.push(
      random() < 0.35
        ? pick(random, AVISO.clauses)
        : `${pick(random, AVISO.subjects)} ${pick(random, AVISO.actions)} ${pick(random, AVISO.objects)} ${pick(random, AVISO.times)}`,
    );
  }
  return [...new Set(out)].join(" ");
}

export const AVISO_TITLES: readonly string[] = AVISO.titles;
