// The supplier and the customer: each a name and the address lines under it.
//
// - A label names a party ("Bill to", "Käufer", "Client", "Sold by", ...):
//   the party is on its cell or under it.
// - The supplier is the party that is paid: named as the bank account's
//   holder ("Account holder", "Titulaire du compte", "Payable to"), or the
//   block of lines that carries the tax and bank details (VAT number, IBAN),
//   is named again elsewhere on the page (a footer, a sender line, the web
//   address), or heads the page as its letterhead; a company's legal form
//   ("GmbH", "B.V.", "SAS") counts for it a little.
// - The customer without a label is the first other address block at the
//   top of the first page (the window of an envelope).
// - A receipt's shop is the line among its first lines, above the first date
//   or the amounts, that carries a company's legal form, else the largest
//   print (an address, phone, heading, greeting or an app's navigation bar is
//   no name; a name that runs on into its street is cut there; one set wide,
//   "P E N N Y", is joined); when no name is read (a logo), the address those
//   lines print.
//
// Blocks are cells under one another, aligned on either edge or centred, a
// line apart.
// An address is the block's lines after the name, from the first with a digit
// (a contact person or "Attn" line before it is left out) to the last with a
// postcode (a country after it is left out), up to a phone, e-mail or bank line.
import type { BBox, InvoiceField } from "@/lib/kernel/contract";
import { median, union, verticalOverlap } from "../../layout/geometry";
import type { LabelledCell } from "./labelled";
import { fold, isTitle, matchColumn, matchLabel } from "./labels";
import { findAmounts, findCurrency, findDate, hasDecimals } from "./normalise";
import {
  type Cell,
  field,
  horizontalOverlap,
  LARGE_PRINT,
  NOT_FOUND,
  type PageRows,
  type Piece,
  piece,
} from "./rows";

export type Party = [name: InvoiceField, address: InvoiceField];

interface Block {
  page: PageRows;
  cells: Cell[];
}

/** Legal forms of companies, spelt out or abbreviated (the short upper-case ones only as such). */
const LEGAL_FORM =
  /(?<![\p{L}\d])(?:sdn\.? ?bhd\.?|bhd\.?|s\/b|pte\.? ltd\.?|plt|gmbh(?: ?& ?co\.? ?kg)?|mbh|kgaa|e\.k\.|b\.v\.?|n\.v\.?|v\.o\.f\.?|s\.a\.s\.?|sarl|s\.a\.r\.l\.?|eurl|sasu|s\.a\.|s\.l\.u?\.?|s\.r\.l\.?|srl|s\.p\.a\.?|spa|s\.n\.c\.?|lda\.?|ltda\.?|pvt\.? ltd\.?|pty\.? ltd\.?|ltd\.?|limited|llc|l\.l\.c\.?|llp|plc|inc\.?|incorporated|corp\.?|corporation|bvba|sprl|private limited)(?![\p{L}\d])/iu;
const LEGAL_FORM_UPPER =
  /(?<![\p{L}\d])(?:AG|KG|OHG|UG|SE|SA|SAS|SL|BV|NV|AB|AS|OY|GbR|Co\.|[SBN]-[ALV]-)(?![\p{L}\d])/u;
/** A legal form's dots read as dashes ("MERCADONA, S-A-"). */
const dotted = (text: string) =>
  text.replace(/(?<![\p{L}\d])([SBN])-([ALV])-(?![\p{L}\d])/gu, "$1.$2.");

export const legalForm = (text: string) => {
  const found = LEGAL_FORM.exec(text) ?? LEGAL_FORM_UPPER.exec(text);
  return found ? { index: found.index, end: found.index + found[0].length } : undefined;
};

/** Lines that carry the issuer's tax or bank details. */
const ISSUER_DETAILS =
  /(?<![\p{L}])(?:iban|bic|swift|vat(?: reg(?:istration)?)?(?: no\.?| number| id)|ust-?id(?:nr\.?)?|umsatzsteuer|steuer-?(?:nr\.?|nummer)|st\.?-nr\.?|uid|mwst-nr\.?|n° de tva|tva intra\p{L}*|siret|siren|rcs|kvk|btw(?:-?nummer| nr\.?)?|nif|cif|p\.? ?iva|partita iva|nipc|abn|gstin|gst(?: reg(?:istration)?)? (?:id|no\.?|number)|co(?:mpany)?\.? (?:reg(?:istration)?\.? )?no\.?|tax id|ein|cnp ?j|insc\.? (?:est|mun)\.?|nip|regon|krs|bdo|nr rej\.?|roc(?: no\.?)?|hrb|hra|registergericht|amtsgericht|handelsregister|bank(?:verbindung)?|bankgegevens|coordonnees bancaires|capital)(?![\p{L}])/iu;

/** The bank account's holder, or whom a cheque is payable to: the supplier. */
const HOLDER =
  /(?:account holder|account name|beneficiary|kontoinhaber(?:in)?|begunstigter|empfanger der zahlung|titulaire(?: du compte)?|rekeninghouder|ten name van|t\.n\.v\.|titular(?: de la cuenta)?|intestatario|beneficiario|(?:checks?|cheques?) (?:made )?payable to|payable to|a l'ordre de)\s*:?\s*/iu;

/** Lines that end an address: how to reach the party, or its tax and bank details. */
const CONTACT =
  /(?:^|[\s(])(?:tel|tél|phone|telefon|telephone|téléphone|tele|fax|mobile|mob|handy|e-?mail|mail|www|http|web|internet)(?![\p{L}])|\S@|www\.|https?:/iu;
const PHONE = /^[\s\d()+\-./]{7,}$/;
/**
 * A postcode: "40219", "D-40219", "W1B 5QH", "1012 AB", "20-147", a US
 * state's and ZIP run together ("WA98052").
 */
const POSTCODE =
  /(?<![\p{L}\d])(?:[A-Z]{1,2}-)?\d{4,6}(?:-\d{4})?(?!\d|[.,]\d)|(?<![\p{L}\d])[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}(?![\p{L}\d])|(?<![\p{L}\d])\d{4} ?[A-Z]{2}(?![\p{L}\d])|(?<![\p{L}\d])[A-Z]{2}\d{5}(?:-\d{4})?(?![\p{L}\d])|(?<![\p{L}\d-])\d{2}-\d{3}(?![\d-])/u;
/** A street line ("123 Main Street", "209-214, Kailash Building"), not a name. */
const STREET = /^\d+(?:[-/]\d+)?[a-z]?,?\s+(?:@\s+)?\p{L}/u;
/** A street line that starts with a word for its number ("No. 12 Jalan Besar", "Lot 5", "Unit 3"). */
const STREET_WORD = /^(?:no|lot|unit|suite|ste|blk|block|apt|shop)\.?\s*\d/iu;
/**
 * A street named without its number: ending in the word for a street ("Purplecat
 * Island Ave", "Lindenallee" is one word and passes), or starting with it where
 * languages put it first ("Jalan Besar", "Jl. Raya", "Rue Lepic", "Calle Mayor"); or with
 * its number after the word for a street, alone or at the end of another
 * ("Bilker Allee 57", "Lorettostraße 26", "Friedrichstr. 152"), its "ß" read
 * as "B" or "β" ("Warburger StraBe 130").
 */
const STREET_NAME =
  /(?:^|\s)(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|freeway|highway|hwy|parkway|pkwy|stra(?:ss|ß|b|β)e|str|straat|laan|weg|gasse)\W*$|^(?:jalan|jln|jl|lorong|rue|calle|avenida|avda|rua|viale|piazza)(?:\.\s*|\s+)\p{L}|[\p{L}\s](?:stra(?:ss|ß|b|β)e|str|allee|platz|weg|gasse|damm|ring|ufer|chaussee|straat|laan|plein|gracht|kade|singel)\.?\s*\d{1,4}\s*[a-z]?\W*$/iu;
/** A label of a registration number ("CIN", "GSTIN", "VAT No"): the name is not there. */
const REGISTRATION =
  /^\W*(?:cin|gstin|gst|vat|tin|abn|acn|siret|siren|nif|cif|trn|pan|uid|ust-?id(?:nr)?|btw|kvk)\b/iu;
/** A registration number itself: one token of six digits or more among letters ("U63090DL2012PTC231770"). */
const IDENTIFIER = /^\W*(?=(?:[^\d\s]*\d){6})[\p{L}\d][\p{L}\d/-]*\W*$/u;
/** "Attn", "T.a.v.", "z. Hd.", "c/o": a line naming a person to read it, not the address. */
const ATTENTION =
  /^(?:attn\.?|attention|t\.a\.v\.?|z\.? ?hd\.?|c\/o|a l'attention de|a l'att\.?)(?![\p{L}])/iu;

/** A street line, with its number or without. */
const isStreet = (text: string) => STREET.test(text) || STREET_NAME.test(text.trim());
/** A registration number or its label. */
const isRegistration = (text: string) => REGISTRATION.test(text) || IDENTIFIER.test(text);
/** A street or a registration number: no party's name. */
const streetOrNumber = (text: string) => isStreet(text) || isRegistration(text);

const isLabelOrTitle = (cell: Cell) => matchLabel(cell.text) !== undefined || isTitle(cell.text);
const withMoney = (text: string) => findAmounts(text).some(hasDecimals);
/**
 * A name set wide as one word: single characters in a run of three or more
 * joined ("P E N N Y - M A R K T GmbH" is "PENNY-MARKT GmbH", "R E W E" "REWE"),
 * with two small letters after them read as one ("B a u m a r kt": "Baumarkt").
 */
function unspaced(text: string): string {
  const tokens = text.split(" ");
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    while ([...(tokens[j] ?? "")].length === 1) j++;
    if (
      j - i >= 3 &&
      /^\p{Ll}$/u.test(tokens[j - 1] ?? "") &&
      /^\p{Ll}{2}$/u.test(tokens[j] ?? "")
    ) {
      j++;
    }
    if (j - i >= 3) {
      out.push(tokens.slice(i, j).join(""));
      i = j;
    } else out.push(tokens[i++] ?? "");
  }
  return out.join(" ");
}

/**
 * A name the slip prints again with its letters spaced apart elsewhere
 * ("Kaufland" over "Kauf land"; "Ka ufland" over "Kauf land"): a space is
 * kept only where every reading of those letters has it.
 */
function spacedAsPrinted(name: string, pages: readonly PageRows[]): string {
  const letters = (text: string) => fold(text).replace(/\s+/g, "");
  const own = letters(name);
  if (!name.includes(" ") || own.length < 5) return name;
  const spaces = (text: string) => {
    const at = new Set<number>();
    let index = 0;
    for (const token of text.trim().split(/\s+/)) {
      index += token.length;
      at.add(index);
    }
    at.delete(index);
    return at;
  };
  const kept = spaces(name);
  for (const page of pages) {
    for (const cell of page.rows.flatMap((r) => r.cells)) {
      if (letters(cell.text) !== own) continue;
      const theirs = spaces(cell.text);
      for (const at of kept) if (!theirs.has(at)) kept.delete(at);
    }
  }
  let out = "";
  let index = 0;
  for (const token of name.trim().split(/\s+/)) {
    out += (index > 0 && kept.has(index) ? " " : "") + token;
    index += token.length;
  }
  return out;
}

/** A legal form and punctuation only ("GmbH ***", "BHD"). */
const formOnly = (text: string) => {
  const form = legalForm(text);
  return form !== undefined && !/\p{L}/u.test(text.slice(0, form.index) + text.slice(form.end));
};
/** A currency's code or sign alone ("EUR", "€"; "BHD" is a legal form). */
const currencyOnly = (text: string) =>
  findCurrency(text)?.text === text.trim() && legalForm(text) === undefined;
const hasDigit = (text: string) => /\d/.test(text);

/** A comparable form of a name: folded, letters and digits only. */
const key = (text: string) => fold(text).replace(/[^\p{L}\d]/gu, "");

const firstWord = (s: string) => key(s.split(/\s+/)[0] ?? "");
const sameFirstWord = (a: string, b: string) =>
  firstWord(a).length >= 4 && firstWord(a) === firstWord(b);

/** Whether two names are one party's: the same letters, one in the other, or the same first word. */
function sameParty(a: string, b: string): boolean {
  const [ka, kb] = [key(a), key(b)];
  if (ka.length === 0 || kb.length === 0) return false;
  return ka.includes(kb) || kb.includes(ka) || sameFirstWord(a, b);
}

/**
 * Whether `line` names `name` again: all of it ("Contoso Inn" under a logo
 * read "Contoso"), or its first word; not a part of it (the housing estate in
 * brackets in a name, "… (TAMAN …) SDN BHD", opening its address).
 */
const namesAgain = (line: string, name: string) =>
  (key(name).length > 0 && key(line).includes(key(name))) || sameFirstWord(line, name);

/** The blocks of a page: cells under one another, aligned left, right or centred, each a line below the last. */
function blocks(page: PageRows): Block[] {
  const open: Block[] = [];
  const tolerance = page.unit * 1.5;
  // A line apart: 1.2 word heights, or a little more than the page's usual
  // space between lines where it sets them wide (a receipt's small print).
  const spaces = page.rows.slice(1).flatMap((r, i) => {
    const above = page.rows[i];
    return above && r.bbox.y0 > above.bbox.y1 ? [r.bbox.y0 - above.bbox.y1] : [];
  });
  const within = Math.max(page.unit * 1.2, median(spaces) * 1.25);
  for (const row of page.rows) {
    for (const cell of row.cells) {
      const block = open.find((b) => {
        const last = b.cells.at(-1);
        if (!last || last.row >= cell.row) return false;
        const gap = cell.bbox.y0 - last.bbox.y1;
        const overlapping = cell.bbox.x0 < last.bbox.x1 && cell.bbox.x1 > last.bbox.x0;
        const centre = (c: Cell) => (c.bbox.x0 + c.bbox.x1) / 2;
        const aligned =
          Math.abs(cell.bbox.x0 - last.bbox.x0) <= tolerance ||
          (overlapping &&
            (Math.abs(cell.bbox.x1 - last.bbox.x1) <= tolerance ||
              Math.abs(centre(cell) - centre(last)) <= tolerance));
        return aligned && gap <= within;
      });
      if (block) block.cells.push(cell);
      else open.push({ page, cells: [cell] });
    }
  }
  return open;
}

/**
 * A party's name from the text of a line: without a leading label, a sender
 * line's address after a separator ("Acme GmbH · Hauptstr. 1 · Berlin"), the
 * sentence after a legal form ("Free SAS au capital de ..."), or trailing
 * punctuation.
 */
function nameIn(cell: Cell, from = 0): Piece | undefined {
  let start = from;
  let end = cell.text.length;
  const text = cell.text;
  const label = matchLabel(text.slice(start));
  if (label && /^\s*:/.test(text.slice(start + label.end))) {
    start += label.end + (text.slice(start + label.end).match(/^\s*:\s*/)?.[0].length ?? 0);
  }
  const separator = /\s+[-–·|•]\s+/g;
  separator.lastIndex = start;
  for (let m = separator.exec(text); m; m = separator.exec(text)) {
    if (hasDigit(text.slice(m.index))) {
      end = m.index;
      break;
    }
  }
  const form = legalForm(text.slice(start, end));
  if (form) {
    const after = text.slice(start + form.end, end);
    // A legal form followed by a sentence, or by a speck read as a few small
    // letters ("PENNY-MARKT GmbH it"): the name ends with the form.
    if ((after.match(/\p{L}+/gu) ?? []).length >= 2 || logoRemnant(after.trim())) {
      end = start + form.end;
    }
  }
  // Punctuation and a receipt's stars around the name are left out ("*** PENNY-MARKT GmbH ***"),
  // and the marks a logo's edge or a fold leaves before it ("« Contoso", "‘Subject").
  start += text.slice(start, end).match(/^[\s:,;.\-–*#«»"'‘’“”|~_]+/)?.[0].length ?? 0;
  // The document's title on the same line ("Oakridge Consulting LLC INVOICE", one line to an engine).
  const last = /\s+(\S+)\s*$/.exec(text.slice(start, end));
  if (last?.[1] && isTitle(last[1]) && /\p{L}{2}/u.test(text.slice(start, start + last.index))) {
    end = start + last.index;
  }
  // A registration number in brackets after the name ("(123456-A)", "(Reg. 12345)").
  const registration = /\s*\([^()]*\d[^()]*\)\s*$/u.exec(text.slice(start, end));
  if (registration && registration.index > 0) end = start + registration.index;
  const raw = text.slice(start, end);
  const trimmed = raw.replace(/[\s,;:*#]+$/u, "");
  const lead = trimmed.length - trimmed.trimStart().length;
  const found = piece(cell, start + lead, trimmed.length - lead);
  // An e-mail or web address names no party ("From: noreply@shop.com").
  if (/@|www\.|https?:/i.test(found.text)) return undefined;
  return /\p{L}{2}|\p{L} \p{L} \p{L}/u.test(found.text) || formOnly(found.text) ? found : undefined;
}

/** A time of day alone ("11:05", "8:20:48 PM"). */
const TIME_ONLY = /^\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\s?[ap]\.?m\.?)?$/iu;

/** "Address:", "Anschrift:": a label before an address line, left out. */
const ADDRESS_LABEL =
  /^(?:address|adresse|anschrift|direccion|indirizzo|endereco|adres|morada|sede(?: legale| social)?|siege social|sitz(?: der gesellschaft)?|registered office|head office)\s*:\s*/iu;

/** A phone number after a word that may be misread ("Tolaphone; 987-654-4321", "Ph 020 7946 0958"). */
const LABELLED_PHONE = /^\p{L}{1,12}\.?[:;]?\s*\+?[\d()][\d()\-./ ]{6,}$/u;
const isPhone = (text: string) =>
  PHONE.test(text) || (LABELLED_PHONE.test(text.trim()) && (text.match(/\d/g) ?? []).length >= 8);

/**
 * A footer's line in parts ("Siège social : 16 rue Mollien - 92100 BOULOGNE –
 * Tél : 01 71 17 61 67"): the parts a separator makes, when the line goes on
 * to a phone, e-mail or tax number.
 */
function parts(p: Piece): Piece[] {
  if (!(CONTACT.test(p.text) || ISSUER_DETAILS.test(fold(p.text)))) return [p];
  const out: Piece[] = [];
  const start = p.cell.text.indexOf(p.text);
  const separator = /\s+[-–·|•]\s+/g;
  let from = 0;
  for (let m = separator.exec(p.text); ; m = separator.exec(p.text)) {
    const end = m ? m.index : p.text.length;
    const text = p.text.slice(from, end);
    const lead = text.length - text.trimStart().length;
    if (text.trim()) out.push(piece(p.cell, start + from + lead, text.trim().length));
    if (!m) break;
    from = m.index + m[0].length;
  }
  return out.length > 1 ? out : [p];
}

/** The address lines among the lines after a name (see the top of this file). */
function addressOf(lines: readonly (Cell | Piece)[]): InvoiceField {
  const kept: Piece[] = [];
  const pieces = lines.slice(0, 6).flatMap((line) => parts("cell" in line ? line : piece(line)));
  for (const p of pieces.slice(0, 8)) {
    const label = ADDRESS_LABEL.exec(fold(p.text));
    const text = label ? p.text.slice(label[0].length) : p.text;
    // A registration number of letters and figures ("A-46103834", a Spanish company's) is the issuer's too.
    const issuer =
      CONTACT.test(text) ||
      isPhone(text) ||
      ISSUER_DETAILS.test(fold(text)) ||
      (IDENTIFIER.test(text) && /\p{L}/u.test(text));
    // A tax number or phone before the address is passed over; after it, it ends the address.
    if (issuer && kept.length === 0) continue;
    if (issuer) break;
    // A company's registration number in brackets under its name ("(12345-A)").
    if (/^\([^()]*\d[^()]*\)$/u.test(text.trim())) continue;
    const labelled =
      !/^\d/.test(text) &&
      !STREET_WORD.test(text) &&
      (matchLabel(text) !== undefined || isTitle(text));
    if (labelled && !ATTENTION.test(text.trim())) break;
    // An amount, a date, a time or a currency alone: the address is over ("11:05", "EUR").
    if (withMoney(text) || findDate(text) || TIME_ONLY.test(text.trim()) || currencyOnly(text))
      break;
    kept.push(label ? piece(p.cell, p.cell.text.indexOf(text), text.length) : p);
  }
  // From its first line with a number, or a street without one ("AVDA. ALCALDE MIGUEL ESCALONA, S/N").
  const start = kept.findIndex((l) => hasDigit(l.text) || isStreet(l.text));
  let address = start > 0 ? kept.slice(start) : kept;
  address = address.filter((l) => !ATTENTION.test(l.text.trim()));
  const lastPostcode = address.findLastIndex((l) => POSTCODE.test(l.text));
  if (lastPostcode >= 0) address = address.slice(0, lastPostcode + 1);
  else address = address.slice(0, 4);
  // An address names a street or a place: a number alone ("0761/2") is none.
  if (!address.some((l) => /\p{L}{2}/u.test(l.text))) return NOT_FOUND;
  // Lines joined by ", "; two parts of one printed line (an engine's gap), or
  // a line that goes on in lower case after one that ends without a comma
  // ("near the mall and nehru" over "enclave."), by a space. Commas as a
  // person writes them: one, a space after; no full stop after a word in
  // lower case at a line's end.
  const boxOf = (p: Piece) => union(p.words.map((w) => w.bbox));
  const value = address
    .map((p, i) => {
      const text = p.text
        // A till's stars around a line ("**** Bilker Allee 57 ****"), a store's
        // number before its street ("#03296 191 E 3RD AVE").
        .replace(/^\s*[*=~_]{2,}\s*|\s*[*=~_]{2,}\s*$/gu, "")
        .replace(/^#\s?\d+[\s_]+(?=\d)/u, "")
        .replace(/,{2,}/gu, ",")
        .replace(/,(?=\p{L})/gu, ", ")
        .replace(/[\s,]+$/u, "")
        .replace(/(?<=\p{Ll}{3})\.$/u, "")
        // "ß" read as "B" ("WesternstraBe 2"); a postcode run into its town ("33098Paderborn").
        .replace(/(?<=[Ss]tra)B(?=e(?!\p{L}))/gu, "ß")
        .replace(/(?<=(?:^|\s)\d{5})(?=\p{Lu}\p{Ll}{2})/gu, " ");
      const before = address[i - 1];
      if (!before) return text;
      const oneLine = before.cell !== p.cell && verticalOverlap(boxOf(before), boxOf(p)) > 0.5;
      const goesOn = /^\p{Ll}{3}/u.test(text) && !/,\s*$/u.test(before.text);
      return oneLine || goesOn ? ` ${text}` : `, ${text}`;
    })
    .join("")
    // A postcode printed as a part of its own goes with its city ("8401 BL,
    // Gorredijk"), not with a country's code ("0000, HK").
    .replace(/(?<=(?:^|, )(?:[A-Z]{1,2}-)?\d{4,5}(?: ?[A-Z]{2})?), (?=\p{Lu}\p{Ll})/gu, " ");
  return field(value, address);
}

/** What follows a name on its line, in the parts a separator makes ("· Hauptstr. 1 · 10115 Berlin"). */
function restOfLine(name: Piece): Piece[] {
  const { cell } = name;
  const start = cell.text.indexOf(name.text) + name.text.length;
  const rest = cell.text.slice(start);
  if (!/^[\s,]*[-–·|•]\s/.test(rest)) return [];
  const parts: Piece[] = [];
  const separator = /\s*[-–·|•]\s+/g;
  let from = 0;
  for (let m = separator.exec(rest); ; m = separator.exec(rest)) {
    const end = m ? m.index : rest.length;
    const text = rest.slice(from, end).trim();
    if (text) parts.push(piece(cell, start + rest.indexOf(text, from), text.length));
    if (!m) break;
    from = m.index + m[0].length;
  }
  return parts;
}

/** The block a cell starts or is in, and the lines after it. */
function linesAfter(all: readonly Block[], cell: Cell): Cell[] {
  const block = all.find((b) => b.cells.includes(cell));
  return block ? block.cells.slice(block.cells.indexOf(cell) + 1) : [];
}

/** A party from a name piece: its address under it, in its block. */
function partyAt(all: readonly Block[], name: Piece): Party {
  const onItsLine = restOfLine(name);
  const address = onItsLine.length > 0 ? addressOf(onItsLine) : NOT_FOUND;
  return [
    field(name.text, [name]),
    address.value !== null ? address : addressOf(linesAfter(all, name.cell)),
  ];
}

/**
 * A name and the rest of its printed line that a photo's tilt put on the next
 * row: a cell that starts right of it and overlaps it in height
 * ("Customer: Thornbury" over "Garden Centre Ltd").
 */
function withContinuation(all: readonly Block[], name: Piece): Piece {
  const { cell } = name;
  const page = all.find((b) => b.cells.includes(cell))?.page;
  const next = page?.rows[cell.row + 1]?.cells.find(
    (c) =>
      c.bbox.y0 < cell.bbox.y1 &&
      c.bbox.x0 >= cell.bbox.x1 - page.unit &&
      c.bbox.x0 - cell.bbox.x1 < page.unit * 2,
  );
  if (!next || !/^\p{L}/u.test(next.text) || matchLabel(next.text)) return name;
  return { cell, text: `${name.text} ${next.text}`, words: [...name.words, ...next.words] };
}

/** The party a label names: on its own cell after a colon, or on the first line under it. */
function labelledParty(
  all: readonly Block[],
  labels: readonly LabelledCell[],
  kind: "customer" | "supplier",
): Party | undefined {
  for (const { cell, label } of labels.filter((l) => l.label.kind === kind)) {
    const colon = /^\s*:/.test(cell.text.slice(label.end));
    if (!label.whole && !colon) continue;
    if (!label.whole) {
      const name = nameIn(cell);
      if (name) return partyAt(all, withContinuation(all, name));
      continue;
    }
    // Under the label: the first line that is a name (a note in brackets or
    // an "Attn" line before it is passed over), in its block or the one right under it.
    const after = linesAfter(all, cell);
    const under = after.length > 0 ? after : (blockUnder(all, cell)?.cells ?? []);
    for (const line of under.slice(0, 3)) {
      const text = line.text.trim();
      if (/^\(.*\)$/.test(text)) continue;
      const attention = ATTENTION.exec(text);
      if (attention && !/\p{L}{2}/u.test(text.slice(attention[0].length))) continue;
      if (isLabelOrTitle(line) && !attention) break;
      const from = attention ? line.text.indexOf(attention[0]) + attention[0].length : 0;
      const name = nameIn(line, from);
      if (name) return partyAt(all, name);
    }
  }
  return undefined;
}

/** The bank account's holder, or whom cheques are payable to. */
function holderName(pages: readonly PageRows[]): Piece | undefined {
  for (const page of pages) {
    for (const row of page.rows) {
      for (const [k, cell] of row.cells.entries()) {
        const found = HOLDER.exec(fold(cell.text));
        if (!found) continue;
        const rest = found.index + found[0].length;
        const here = cell.text.slice(rest).trim() ? nameIn(cell, rest) : undefined;
        const next = row.cells[k + 1];
        const name = here ?? (next ? nameIn(next) : undefined);
        if (name && !hasDigit(name.text)) return name;
      }
    }
  }
  return undefined;
}

interface Candidate {
  block: Block;
  name: Piece;
  score: number;
}

/** Whether `name` is printed elsewhere on the document (a footer, a sender line, a web address). */
function namedElsewhere(pages: readonly PageRows[], name: Piece): boolean {
  const whole = key(name.text);
  const first = key(name.text.split(/\s+/)[0] ?? "");
  return pages.some((p) =>
    p.rows.some((r) =>
      r.cells.some((c) => {
        if (c === name.cell) return false;
        // Printed again as a name: a cell (or what follows its label) starts with it.
        const text = key(c.text.slice(c.text.lastIndexOf(":") + 1));
        if (whole.length >= 4 && text.startsWith(whole)) return true;
        // A web or e-mail address made of the name's first word.
        return (
          first.length >= 4 &&
          /@|www\.|\.(?:com|de|fr|nl|es|it|pt|ch|at|be|co|uk|net|org)\b/i.test(c.text) &&
          fold(c.text)
            .replace(/[^\p{L}\d]/gu, "")
            .includes(first)
        );
      }),
    ),
  );
}

/**
 * Whether the block carries tax or bank details: on its own lines, on the
 * block right under it in its column, or, in a footer, beside it (a footer's
 * columns).
 */
function withIssuerDetails(block: Block, all: readonly Block[]): boolean {
  const first = block.cells[0];
  const last = block.cells.at(-1);
  if (!first || !last) return false;
  const details = (c: Cell) => ISSUER_DETAILS.test(fold(c.text));
  if (block.cells.some(details)) return true;
  const unit = block.page.unit;
  const next = all.find((b) => {
    const head = b.cells[0];
    return (
      b !== block &&
      head !== undefined &&
      b.page === block.page &&
      head.row > last.row &&
      head.bbox.y0 - last.bbox.y1 < unit * 3 &&
      (Math.abs(head.bbox.x0 - first.bbox.x0) < unit * 1.5 ||
        Math.abs(head.bbox.x1 - first.bbox.x1) < unit * 1.5)
    );
  });
  if (next?.cells.some(details)) return true;
  const bottom = Math.max(...block.page.rows.map((r) => r.bbox.y1));
  const inFooter = first.bbox.y0 > bottom * 0.75;
  return (
    inFooter &&
    block.page.rows.some(
      (r) => r.index >= first.row && r.index <= last.row + 1 && r.cells.some(details),
    )
  );
}

/** Whether a line may start a party's name: not a label, title, amount, date or contact line. */
function nameLine(cell: Cell, used: (cell: Cell) => boolean, inItems: (cell: Cell) => boolean) {
  if (used(cell) || inItems(cell) || isLabelOrTitle(cell) || matchColumn(cell.text)?.whole)
    return false;
  // "Address:", "Sitz:": an address line, no name.
  if (ADDRESS_LABEL.test(fold(cell.text))) return false;
  // The name's part of the line: a footer goes on with the address and the VAT number.
  const name = nameIn(cell)?.text ?? "";
  if (withMoney(name) || findDate(name) || CONTACT.test(name)) return false;
  return !ISSUER_DETAILS.test(fold(name)) || legalForm(name) !== undefined;
}

/**
 * The parties a document may be from, scored (see the top of this file):
 * each block's first line, and any line of a block that starts with a
 * company's name ("Free SAS au capital de ..." in a footer).
 */
function candidates(
  all: readonly Block[],
  pages: readonly PageRows[],
  used: (cell: Cell) => boolean,
  inItems: (cell: Cell) => boolean,
  excluded: ReadonlySet<Block>,
): Candidate[] {
  const out: Candidate[] = [];
  const firstPage = pages[0];
  let letterhead = true;
  for (const block of all) {
    if (excluded.has(block)) continue;
    const details = withIssuerDetails(block, all);
    for (const [k, line] of block.cells.entries()) {
      if (!nameLine(line, used, inItems)) continue;
      const name = nameIn(line);
      if (!name || name.text.split(/\s+/).length > 8 || streetOrNumber(name.text)) continue;
      const form = legalForm(name.text) !== undefined;
      if (k > 0 && !form) continue;
      const address = block.cells.slice(k + 1).some((c) => hasDigit(c.text));
      if (!address && !form && !details) continue;
      let score = 0;
      if (details) score += 4;
      if (namedElsewhere(pages, name)) score += 2;
      if (form) score += 1;
      // The first block at the top of the first page: its letterhead.
      if (k === 0 && letterhead && block.page === firstPage && line.bbox.y0 < topOf(firstPage)) {
        score += 2;
        letterhead = false;
      }
      out.push({ block, name, score });
    }
  }
  return out;
}

/** The upper fifth of a page, where a letterhead stands. */
const topOf = (page: PageRows) =>
  Math.max(...page.rows.map((r) => r.bbox.y1), 0) * 0.2 + page.unit * 4;

/** The block that starts right under a cell (within 2.5 lines), aligned with it. */
function blockUnder(all: readonly Block[], cell: Cell): Block | undefined {
  return all.find((b) => {
    const head = b.cells[0];
    const unit = b.page.unit;
    return (
      head !== undefined &&
      head.page === cell.page &&
      head.row > cell.row &&
      head.bbox.y0 - cell.bbox.y1 < unit * 2.5 &&
      Math.abs(head.bbox.x0 - cell.bbox.x0) < unit * 2
    );
  });
}

/** Blocks under a label of another party: a customer's, a delivery address. */
function labelledBlocks(all: readonly Block[], labels: readonly LabelledCell[]): Set<Block> {
  const out = new Set<Block>();
  for (const { cell, label } of labels) {
    if (label.kind !== "customer" && label.kind !== "ship_to") continue;
    const block = all.find((b) => b.cells.includes(cell));
    if (block) out.add(block);
    // A label over its own block (a label cell standing alone above the name).
    const under = blockUnder(all, cell);
    if (under) out.add(under);
  }
  return out;
}

/** The supplier without a label: the largest print above the customer and the items (the old way). */
function largestPrint(
  pages: readonly PageRows[],
  above: number,
  used: (cell: Cell) => boolean,
  all: readonly Block[],
): Party | undefined {
  const first = pages[0];
  if (!first) return undefined;
  const cells = first.rows
    .flatMap((r) => r.cells)
    .filter(
      (c) =>
        c.bbox.y1 <= above &&
        /\p{L}{2}/u.test(c.text) &&
        !isLabelOrTitle(c) &&
        !used(c) &&
        !findDate(c.text) &&
        !CONTACT.test(c.text) &&
        !streetOrNumber(c.text) &&
        meanConfidence(c) >= 0.25 &&
        !(first.rows[c.row]?.cells.some((x) => withMoney(x.text)) ?? false),
    );
  const size = (c: Cell) => Math.max(...c.words.map((w) => w.bbox.y1 - w.bbox.y0));
  const name = cells.sort((a, b) => size(b) - size(a) || a.bbox.y0 - b.bbox.y0)[0];
  if (!name) return undefined;
  // Words of the same print right after it on its row are the rest of the
  // name, when an engine's word boxes leave wide gaps ("Kestrel | Joinery | Ltd").
  const row = first.rows[name.row]?.cells ?? [];
  const rest: Cell[] = [];
  for (const cell of row.slice(row.indexOf(name) + 1)) {
    const last = rest.at(-1) ?? name;
    const close = cell.bbox.x0 - last.bbox.x1 < first.unit * 3;
    if (!close || !cells.includes(cell) || Math.abs(size(cell) - size(name)) > size(name) * 0.2)
      break;
    rest.push(cell);
  }
  if (rest.length > 0) {
    const joined = [name, ...rest].map((c) => piece(c));
    return [
      field(joined.map((p) => p.text).join(" "), joined, " "),
      addressOf(linesAfter(all, name)),
    ];
  }
  const bare = withoutTitle(name);
  // The same name heading an address block elsewhere (a logo over the shop's address).
  const again = all.find(
    (b) => b.cells[0] !== name && key(b.cells[0]?.text ?? "") === key(bare.text),
  );
  const address = addressOf(linesAfter(all, name));
  if (address.value === null && again?.cells[0])
    return [field(bare.text, [bare]), addressOf(linesAfter(all, again.cells[0]))];
  return [field(bare.text, [bare]), address];
}

/** A cell without a title word at either end ("Oakridge Consulting LLC INVOICE", one line to PaddleOCR). */
function withoutTitle(cell: Cell): Piece {
  const words = [...cell.words];
  while (words.length > 1 && isTitle(words.at(-1)?.text ?? "")) words.pop();
  while (words.length > 1 && isTitle(words[0]?.text ?? "")) words.shift();
  const first = words[0];
  const start = first ? cell.words.indexOf(first) : 0;
  const index = cell.words.slice(0, start).reduce((n, w) => n + w.text.length + 1, 0);
  const length = words.reduce((n, w) => n + w.text.length + 1, -1);
  return piece(cell, index, length);
}

/** Greetings and a receipt's screen furniture, which name no shop. */
const GREETING =
  /^(?:thank|thanks|welcome|willkommen|danke|vielen dank|merci|bienvenue|gracias|bienvenido|grazie|benvenuto|bedankt|welkom|obrigado|bem-vindo|back|help|menu|order details)(?!\p{L})/iu;
/** A slogan's sentence or question ("Respekt, wer's selber macht.", "WUNSCHLOS GLÜCKLICH?"), no name. */
const SLOGAN = /(?:[?!]|\p{Ll}{4,}\.)$/u;
/** An app's navigation bar ("< Back", "Close"): the row it stands on names no shop. */
const NAVIGATION = /^\W*(?:back|close|done|cancel|zuruck|retour|atras|indietro|terug|voltar)$/iu;
/** A shop's name and its street on one line ("Contoso 1822 S Purplecat Ave"): where the street starts. */
const NAME_THEN_STREET =
  /^(\p{L}[^\d]*?\p{L}{2}[^\d\s]*)\s+(\d{1,4}[a-z]?\s+\p{L}+\.?,?\s+\p{L}.*)$/iu;
/** A field and its value, no name ("Sent: Monday", "Pump ID :13", "Fuel Type :SUPER"). */
const FIELD_LINE = /^[^\p{L}\d\s]?\p{L}+(?: \p{L}+)? ?: ?\S/u;
/** More words than a name has: a sentence ("Please note: amount payable is ..."). */
const SENTENCE_WORDS = 8;
/** A line under such a name this tall against it (or more) is in the name's print: the name wrapped. */
const WRAPPED_SIZE = 0.85;
/** A name wraps onto the next line only when it fills this share of the slip's width. */
const WRAPS_AT = 0.5;
/** Two lines this near in height (either way) are in the same print. */
const SAME_PRINT = 1.25;
/** A cell beside such a name this tall against it (or more) is in its print: the name broke there. */
const SAME_LINE_SIZE = 0.75;

const meanConfidence = (cell: Cell) =>
  cell.words.reduce((s, w) => s + w.confidence, 0) / (cell.words.length || 1);

/**
 * A word in capitals with a small letter of the same shape read into it
 * ("AUTo", "PRESsE"): in capitals. Words of mixed case keep it ("GmbH", "McDonald's").
 */
const capitalsMended = (text: string) =>
  text.replace(/(?<!\p{L})(?=(?:\P{Ll}*\p{Lu}){2})[\p{Lu}cosuvwxz]{3,}(?!\p{L})/gu, (word) =>
    word.toUpperCase(),
  );

/** A word read this unsure before a shop's name is a logo's remnant. */
const LOGO_CONFIDENCE = 0.3;

/**
 * Where a shop's name starts in its line: past what is left of a logo before
 * it, read as a word of little confidence ("hewau SHELL TANJUNG BARAT") or a
 * few small letters ("am dm-drogerie markt"), as long as a word is left.
 */
function pastLogo(cell: Cell): number {
  const tokens = cell.text.split(" ");
  const sure = cell.words.length === tokens.length;
  let from = 0;
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i] ?? "";
    if (!logoRemnant(token, sure ? cell.words[i]?.confidence : undefined)) break;
    from += token.length + 1;
  }
  return from;
}

const logoRemnant = (text: string, confidence = 1) =>
  legalForm(text) === undefined &&
  (confidence < LOGO_CONFIDENCE || /^\p{P}?\p{Ll}{1,3}$/u.test(text));

/**
 * A receipt's shop: among its first lines, before the first date or amount,
 * the one with a company's legal form, else one right over its street, else
 * the largest print (a logo), read with some confidence; a name over it in
 * the same print heads the slip instead; the same name heading an address
 * block under it gives the address.
 */
function shop(
  pages: readonly PageRows[],
  all: readonly Block[],
  used: (cell: Cell) => boolean,
): Party | undefined {
  const first = pages[0];
  if (!first) return undefined;
  // The lines before the first amount; a date, a label and what follows it
  // ("Sent: Monday, 8 January 2024", a forwarded mail's header) are passed over.
  const top: Cell[] = [];
  for (const row of first.rows.slice(0, 16)) {
    // A logo read as letters and figures (low confidence) is no amount.
    const read = row.cells.filter((c) => meanConfidence(c) >= 0.4);
    // An amount, or the currency heading the amounts' column ("EUR"), starts the items.
    if (read.some((c) => withMoney(c.text) || currencyOnly(c.text))) break;
    if (row.cells.some((c) => NAVIGATION.test(fold(c.text)))) continue;
    // The items' column heads ("Pos Artikel-Nr. Menge €/Stk") start the items.
    const words = row.cells.flatMap((c) => c.words);
    if (words.filter((w) => matchColumn(w.text)).length >= 2) break;
    const dated = row.cells.some((c) => findDate(c.text));
    // The shop's name heads the receipt: once lines are read, a date ends them.
    if (dated && top.length > 0) break;
    if (dated || row.cells.some((c) => matchLabel(c.text) || FIELD_LINE.test(c.text))) continue;
    top.push(...row.cells);
  }
  // The name's part of a line that goes on with the street.
  // Without a registration number in brackets ("12 Mini Market S/B (123456-A)")
  // or the store's number ("QUIKSTOP MARKET #4411", no postcode).
  const namePart = (c: Cell) =>
    (NAME_THEN_STREET.exec(c.text)?.[1] ?? c.text)
      .replace(/\([^)]*\)/gu, "")
      .replace(/#\s*\d+/gu, "");
  // A name of words right over a street heads the address block (below).
  const overStreet = (c: Cell) =>
    !hasDigit(c.text) &&
    !formOnly(c.text) &&
    first.rows[c.row + 1]?.cells.some(
      (d) => STREET_NAME.test(d.text.trim()) || STREET_WORD.test(d.text),
    ) === true;
  const names = top.filter(
    (c) =>
      (c.text.match(/\p{L}/gu) ?? []).length >= 3 &&
      // A logo's letters right over the street may be read with little confidence ("ALDI").
      meanConfidence(c) >= (overStreet(c) ? LOGO_CONFIDENCE / 3 : 0.25) &&
      // A name may start with a number when it carries a legal form ("12 Mini Market S/B")
      // or the number is a store's, with a leading zero no street's number has
      // ("012 Lifestyle Brooklyn").
      (!/^\W*\d/u.test(c.text) || legalForm(c.text) !== undefined || /^\W*0\d/u.test(c.text)) &&
      // Lower case first only with a legal form ("adidas do Brasil Ltda.") or
      // right over the street ("dm-drogerie markt" over "Pohlweg 110").
      (!/^\p{Ll}/u.test(c.text) || legalForm(namePart(c)) !== undefined || overStreet(c)) &&
      !GREETING.test(c.text.replace(/^\P{L}+/u, "")) &&
      !SLOGAN.test(c.text.trim()) &&
      !PHONE.test(namePart(c)) &&
      // How to reach the shop ("Tel. (81) 504-93-17"), not its name.
      !(CONTACT.test(c.text) && /\d{3}/.test(c.text)) &&
      !POSTCODE.test(namePart(c)) &&
      !STREET_WORD.test(c.text) &&
      !STREET_NAME.test(namePart(c).trim()) &&
      !isRegistration(c.text) &&
      // Words of two letters or more: a name set wide ("P E N N Y") is no sentence.
      c.text.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length <= SENTENCE_WORDS &&
      nameLine(c, used, () => false),
  );
  const size = (c: Cell) => Math.max(...c.words.map((w) => w.bbox.y1 - w.bbox.y0));
  // A company's legal form names the shop over a logo's slogan in larger print
  // ("IMMER EINE GUTE IDEE" over "Kaiser's Tengelmann GmbH").
  // Not one inside brackets ("(Co. No. 654321-K)").
  const formal = (c: Cell) => (legalForm(namePart(c)) && !formOnly(c.text) ? 1 : 0);
  // The shop's name over its street comes before a slogan in larger print
  // ("WUNSCHLOS GLÜCKLICH?", a QR code, then "Marktkauf Lehr" over "Detmolder Str. 4").
  const addressed = (c: Cell) => (overStreet(c) ? 1 : 0);
  const legal = names.sort(
    (a, b) =>
      formal(b) - formal(a) ||
      addressed(b) - addressed(a) ||
      size(b) - size(a) ||
      a.bbox.y0 - b.bbox.y0,
  )[0];
  if (!legal) return addressOnly(first, all, used);
  // But a shop's own name over its operator's, in the same print, heads the
  // slip ("U2 SUPERMERCATO" over "UNES MAXI S.P.A."; "McDonald's Toa Payoh
  // Central", its address, then "McDonald's Restaurants Pte Ltd").
  // Under a logo read as letters, the name right over the operator's
  // ("Modk", "MEDIA MARKT", then "TV-Hifi-Elektro GmbH Paderborn").
  const samePrint = (a: Cell, b: Cell) =>
    size(a) <= SAME_PRINT * size(b) && size(b) <= SAME_PRINT * size(a);
  const topmost = names.reduce((a, b) => (b.row < a.row ? b : a));
  const rightOver = formal(legal)
    ? names.find((c) => c.row === legal.row - 1 && samePrint(c, legal))
    : undefined;
  const heading = samePrint(topmost, legal) ? topmost : (rightOver ?? legal);
  // Not a slogan over the name, a line a word in larger print ("IMMER" /
  // "EINE" / "GUTE" / "IDEE" over "Kaiser's Tengelmann GmbH").
  const slogan = names.some(
    (c) => c.row > heading.row && c.row < legal.row && size(c) > SAME_PRINT * size(legal),
  );
  const ranked = heading.row < legal.row && !slogan ? heading : legal;
  const large = (c: Cell) => size(c) >= LARGE_PRINT * first.unit;
  const inNamePrint = (name: Cell, c: Cell) => large(name) && size(c) >= WRAPPED_SIZE * size(name);
  // The slip's width in print (its rows' usual left and right ends, specks
  // at its edge aside): a name that wrapped filled most of it.
  const ends = first.rows.filter((r) => r.cells.length > 0);
  const lefts = ends.map((r) => Math.min(...r.cells.map((c) => c.bbox.x0))).sort((a, b) => a - b);
  const rights = ends.map((r) => Math.max(...r.cells.map((c) => c.bbox.x1))).sort((a, b) => a - b);
  const width =
    (rights[Math.floor(rights.length * 0.9)] ?? 0) - (lefts[Math.floor(lefts.length * 0.1)] ?? 0);
  const wide = (box: BBox) => box.x1 - box.x0 >= WRAPS_AT * width;
  // A line that may go on a name: a name's, or a legal form alone ("S.L.").
  const wraps = top.filter((c) => names.includes(c) || formOnly(c.text));
  /** Whether `c` may go on `name` from the line under it: within its width, close under it. */
  const underName = (name: Cell, c: Cell) =>
    wraps.includes(c) &&
    horizontalOverlap(c.bbox, name.bbox) > 0.9 &&
    c.bbox.y0 - name.bbox.y1 < size(name);
  // The name's first line when the one ranked is its wrapped rest, read taller
  // (the nearest name on a row over it; a tilted photo may put a row of specks
  // between, and let their boxes overlap).
  const over = names.filter((c) => c.row < ranked.row).sort((a, b) => b.row - a.row)[0];
  const best =
    over &&
    wide(over.bbox) &&
    underName(over, ranked) &&
    inNamePrint(over, ranked) &&
    inNamePrint(ranked, over)
      ? over
      : ranked;
  const joined = NAME_THEN_STREET.exec(best.text);
  if (joined?.[1] && joined[2]) {
    // The name, then its street and the lines under it.
    const street = piece(best, best.text.length - joined[2].length, joined[2].length);
    return [
      field(joined[1], [piece(best, 0, joined[1].length)]),
      addressOf([street, ...linesAfter(all, best)]),
    ];
  }
  const found = nameIn(best, pastLogo(best));
  if (!found) return undefined;
  // A name set wide breaks into cells ("P E N N Y - M A R K T   GmbH"): its
  // legal form alone is one cell of it, the last. A name in large print may
  // break anywhere (its words, then "(TAMAN …)" in a cell of its own): the
  // cells beside it in large print are of it.
  const line = first.rows[best.row]?.cells ?? [];
  // In the name's large print beside it, however short ("DR.", "(M)"), but no
  // label, title, amount or date.
  const inLarge = (c: Cell) =>
    large(best) &&
    size(c) >= SAME_LINE_SIZE * size(best) &&
    !isLabelOrTitle(c) &&
    !withMoney(c.text) &&
    !findDate(c.text) &&
    /[\p{L}\d]/u.test(c.text);
  const nameOf = (cells: readonly Cell[]) =>
    cells.flatMap((c) => {
      const part = matchLabel(c.text)
        ? undefined
        : (nameIn(c, pastLogo(c)) ?? (inLarge(c) ? piece(c) : undefined));
      return part ? [part] : [];
    });
  const at = line.indexOf(best);
  // The legal form alone at the line's end: the cells before it are the name ("toom | Baumarkt | GmbH").
  const setApart = line.length > 1 && formOnly(line.at(-1)?.text ?? "");
  let from = at;
  const beside = (c: Cell) => formOnly(found.text) || setApart || inLarge(c);
  for (let c = line[from - 1]; c && beside(c); c = line[from - 1]) from--;
  // Not a logo's few small letters read before it ("‚dm", then "dm-drogerie markt").
  while (from < at && logoRemnant(line[from]?.text ?? "")) from++;
  let to = at + 1;
  for (let c = line[to]; c && (formOnly(c.text) || inLarge(c)); c = line[to]) to++;
  const before = nameOf(line.slice(from, at));
  const after = nameOf(line.slice(at + 1, to));
  // A name too long for the slip goes on under itself, in its own print
  // larger than the body's ("… HARDWARE SDN" over "BHD"), or with the
  // legal form alone: one name, its address after both. Under a name in the
  // body's print, the next line is the address.
  const span = { ...best, bbox: union(line.slice(from, to).map((c) => c.bbox)) };
  const rest = wraps.filter((c) => c.row > best.row).sort((a, b) => a.row - b.row)[0];
  // Alone on its row, but for specks (the slip's edge read as "|").
  const alone = (c: Cell) =>
    first.rows[c.row]?.cells.filter((d) => meanConfidence(d) >= 0.4 && /[\p{L}\d]/u.test(d.text))
      .length === 1;
  const more =
    rest &&
    alone(rest) &&
    underName(span, rest) &&
    ((inNamePrint(best, rest) && wide(span.bbox)) || legalForm(rest.text)?.index === 0)
      ? nameIn(rest)
      : undefined;
  const pieces = [...before, found, ...after, ...(more ? [more] : [])];
  // A comma between them stays ("Pastelaria Bela Vista, Lda." in two cells).
  const printed = pieces
    .map((p, i) =>
      i < pieces.length - 1 && p.cell.text.trimEnd().endsWith(`${p.text},`) ? `${p.text},` : p.text,
    )
    .join(" ");
  const name = dotted(capitalsMended(spacedAsPrinted(unspaced(printed), pages)));
  const named = field(name, pieces, " ");
  const last = more?.cell ?? best;
  // The name again over the address ("Contoso" as a logo, then "Contoso Inn, 5600 148th Ave").
  const below = all.find(
    (b) =>
      b.page === first &&
      b.cells[0] !== undefined &&
      b.cells[0].row > last.row &&
      namesAgain(b.cells[0].text, name) &&
      b.cells.slice(1).some((c) => hasDigit(c.text)),
  );
  const head = below?.cells[0];
  const headName = head && nameIn(head);
  if (headName) {
    const [again, address] = partyAt(all, headName);
    const spaced = spacedAsPrinted(String(again.value), pages);
    return [{ ...again, value: spaced }, address];
  }
  const own = addressOf(linesAfter(all, last));
  if (own.value !== null) return [named, own];
  // Else the first address of the blocks just under it (a registration or tax
  // number's block may come first).
  for (const b of all) {
    const opening = b.cells[0];
    if (b.page !== first || !opening || opening.row <= last.row) continue;
    if (opening.bbox.y0 - last.bbox.y1 >= first.unit * 6) continue;
    // One with a number (a street's, a postcode): not an item's name under it.
    const address = addressOf(b.cells);
    if (hasDigit(String(address.value ?? ""))) return [named, address];
  }
  return [named, NOT_FOUND];
}

/**
 * A receipt whose shop's name is not read (a logo): no name, and the
 * address the first lines print (a street, then a postcode).
 */
function addressOnly(
  first: PageRows,
  all: readonly Block[],
  used: (cell: Cell) => boolean,
): Party | undefined {
  const block = all.find(
    (b) =>
      b.page === first &&
      b.cells[0] !== undefined &&
      b.cells[0].row < 16 &&
      !used(b.cells[0]) &&
      (isStreet(b.cells[0].text) || STREET_WORD.test(b.cells[0].text)) &&
      b.cells.some((c) => POSTCODE.test(c.text)),
  );
  if (!block) return undefined;
  const address = addressOf(block.cells);
  return address.value === null ? undefined : [NOT_FOUND, address];
}

export interface Parties {
  supplier: Party;
  customer: Party;
}

/**
 * Supplier and customer of a document. `items`: where the line items start
 * (the customer's block is above); `above`: where the line items or the
 * customer's label start (the largest print's search ends); `used`: cells
 * already read as another field.
 */
export function findParties(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  items: number,
  above: number,
  used: (cell: Cell) => boolean,
  inItems: (cell: Cell) => boolean = () => false,
  receipt = false,
): Parties {
  const all = pages.flatMap(blocks);
  const customerLabelled = labelledParty(all, labels, "customer");
  const supplierLabelled = labelledParty(all, labels, "supplier");
  const others = labelledBlocks(all, labels);
  const blockOf = (p: Party | undefined) =>
    p?.[0].value === null || !p
      ? undefined
      : all.find((b) => b.cells.some((c) => c.text.includes(p[0].text)));
  let supplier = supplierLabelled;
  if (!supplier && receipt) supplier = shop(pages, all, used);
  if (!supplier) {
    const holder = holderName(pages);
    const ranked = candidates(all, pages, used, inItems, others).sort(
      (a, b) =>
        b.score - a.score ||
        a.block.page.page - b.block.page.page ||
        a.name.cell.bbox.y0 - b.name.cell.bbox.y0,
    );
    const named = holder && ranked.find((c) => key(c.name.text) === key(holder.text));
    if (holder)
      supplier = named ? partyAt(all, named.name) : [field(holder.text, [holder]), NOT_FOUND];
    else if (ranked[0] && ranked[0].score >= 2) supplier = partyAt(all, ranked[0].name);
    else supplier = largestPrint(pages, above, used, all);
  }
  let customer = customerLabelled;
  // A receipt names its customer only under a label.
  if (!customer && !receipt) {
    const taken = new Set<Block>([...others]);
    const mine = blockOf(supplier);
    if (mine) taken.add(mine);
    const supplierName = typeof supplier?.[0].value === "string" ? supplier[0].value : "";
    const firstPage = pages[0];
    const block = all.find((b) => {
      const [head] = b.cells;
      if (!head || taken.has(b) || b.page !== firstPage || head.bbox.y1 > items) return false;
      if (used(head) || isLabelOrTitle(head) || withMoney(head.text) || findDate(head.text))
        return false;
      if (CONTACT.test(head.text) || ISSUER_DETAILS.test(fold(head.text))) return false;
      const name = nameIn(head);
      if (!name || sameParty(name.text, supplierName)) return false;
      const lines = b.cells.slice(1);
      const address =
        lines.some((c) => POSTCODE.test(c.text)) ||
        (lines.length >= 2 && lines.some((c) => hasDigit(c.text)));
      return address && lines.length <= 6;
    });
    const name = block?.cells[0] && nameIn(block.cells[0]);
    if (name) customer = partyAt(all, name);
  }
  return {
    supplier: supplier ?? [NOT_FOUND, NOT_FOUND],
    customer: customer ?? [NOT_FOUND, NOT_FOUND],
  };
}
