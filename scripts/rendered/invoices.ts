// The rendered set's invoices and receipts (fixtures/rendered/invoices/):
// layouts the canvas generator (scripts/calibration/invoices.ts) never draws.
// Its invoices put the supplier at the top, label the customer "Bill To",
// "Kunde", "Facturé à"..., keep number and date in label/value pairs, and have
// no line that is not an item. These put the supplier in a letterhead, a logo
// line or only in the footer (beside the VAT number and bank details), label
// the customer "Rechnungsempfänger", "Käufer", "Client", "Sold to",
// "Cessionario", print the number and date inside the heading, and carry
// discount, "Items total", shipping and rounding lines that are not items, in
// every amount format (1,234.50 · 1.234,50 · 1 234,50 · 2'146.87).
//
// Each invoice is a PDF printed by Chromium (a text layer) and the same page
// photographed; each receipt is a till slip photographed and scanned. Every file has its
// truth beside it (`name.json`), as fixtures/calibration/invoices/ has.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pMap from "p-map";
import { PAPER, type Paper, type Renderer } from "./browser";
import { photograph, pngSize, scan } from "./degrade";
import { esc, type Font, NARROW, SERIF, sheet } from "./html";
import {
  addDays,
  ch,
  de,
  en,
  type Firm,
  frNarrow,
  frSpace,
  GOODS,
  type InvoiceTruth,
  type Item,
  inWords,
  iso,
  items,
  monthName,
  parties,
  quantity,
  type SimpleDate,
  share,
  someDate,
  sum,
  truthItems,
  two,
} from "./invoice-data";
import { int, pick, type Random, seeded } from "./random";
import { receipt, TILLS } from "./receipts";

interface Built {
  html: string;
  paper: Paper;
  truth: InvoiceTruth;
}

type Layout = (random: Random) => Built;

const lines = (list: readonly string[]) => list.map(esc).join("<br>");
const block = (firm: Firm) => `<b>${esc(firm.name)}</b><br>${lines(firm.lines)}`;
const address = (firm: Firm) => firm.lines.join(", ");
const colour = (random: Random) =>
  pick(random, ["#1d3557", "#7a1f2b", "#1f4d3a", "#3b3355", "#8a4b08", "#0f4c81"]);

/** An item table: the header cells, then each item's cells; `numeric` columns are set to the right. */
function itemTable(
  heads: string[],
  rows: string[][],
  numeric: ReadonlySet<number>,
  extra = "",
): string {
  const cell = (tag: string, text: string, c: number) =>
    `<${tag}${numeric.has(c) ? ' class="n"' : ""}>${esc(text)}</${tag}>`;
  return `<table class="items"><thead><tr>${heads.map((h, c) => cell("th", h, c)).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((text, c) => cell("td", text, c)).join("")}</tr>`)
    .join("")}${extra}</tbody></table>`;
}

/** Label/amount rows of a totals block; the last one bold. */
function totalsTable(rows: [string, string][], className = "totals"): string {
  return `<table class="${className}">${rows
    .map(
      ([label, value], i) =>
        `<tr${i === rows.length - 1 ? ' class="grand"' : ""}><td>${esc(label)}</td><td class="n">${esc(value)}</td></tr>`,
    )
    .join("")}</table>`;
}

const BASE_CSS = `
  .items { width: 100%; margin-top: 6mm }
  .items th { text-align: left; border-bottom: 1.2pt solid #222; padding: 1.6mm 2mm; font-weight: bold }
  .items td { padding: 1.5mm 2mm; vertical-align: top; border-bottom: 0.5pt solid #ccc }
  .items .n { text-align: right; white-space: nowrap }
  .totals { margin: 4mm 0 0 auto; min-width: 80mm }
  .totals td { padding: 1mm 2mm }
  .totals .n { text-align: right; white-space: nowrap }
  .totals .grand td { font-weight: bold; border-top: 1pt solid #222; padding-top: 1.6mm }
  .small { font-size: 7.5pt; color: #444; line-height: 1.35 }
  .foot { position: absolute; left: 20mm; right: 20mm; bottom: 12mm; border-top: 0.6pt solid #888; padding-top: 2mm }
  .label { font-size: 8pt; color: #555; text-transform: none }
  h1 { font-size: 20pt; margin: 0 0 3mm }`;

const invoiceSheet = (body: string, font: Font, css: string, paper: Paper = "A4", size = 9.5) =>
  sheet(body, { paper, font, size, margin: "16mm 20mm", css: BASE_CSS + css });

// ---------------------------------------------------------------- German

/** A German letter-style invoice: letterhead, window address under "Rechnungsempfänger", info block, 2.518,04 €. */
const rechnung: Layout = (random) => {
  const [supplier, customer] = parties(random, "de");
  const issued = someDate(random);
  const due = addDays(issued, pick(random, [14, 30]));
  const number = `RE-${issued.y}-${String(int(random, 1, 999)).padStart(4, "0")}`;
  const list = items(random, GOODS.de ?? [], int(random, 3, 5));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 19);
  const d = (x: SimpleDate) => `${two(x.d)}.${two(x.m)}.${x.y}`;
  const eur = (c: number) => `${de(c)} €`;
  const c = colour(random);
  const body = `
    <div class="lh"><div class="logo">${esc(supplier.name)}</div><div class="small">${esc([supplier.name, ...supplier.lines].join(" · "))}</div></div>
    <div class="top">
      <div class="window"><div class="label">Rechnungsempfänger</div>${block(customer)}</div>
      <table class="info">
        <tr><td>Rechnungsnummer:</td><td>${number}</td></tr>
        <tr><td>Rechnungsdatum:</td><td>${d(issued)}</td></tr>
        <tr><td>Kundennummer:</td><td>${int(random, 10000, 99999)}</td></tr>
        <tr><td>Lieferdatum:</td><td>${d(addDays(issued, -int(random, 1, 6)))}</td></tr>
      </table>
    </div>
    <h1>Rechnung</h1>
    <p>Sehr geehrte Damen und Herren,<br>wir erlauben uns, Ihnen folgende Lieferungen und Leistungen in Rechnung zu stellen:</p>
    ${itemTable(
      ["Pos.", "Bezeichnung", "Menge", "Einheit", "Einzelpreis", "Gesamtpreis"],
      list.map((i, n) => [
        String(n + 1),
        i.description,
        quantity(i.quantity, ","),
        "Stk.",
        eur(i.unit),
        eur(i.amount),
      ]),
      new Set([2, 4, 5]),
    )}
    ${totalsTable([
      ["Nettobetrag", eur(net)],
      ["zzgl. 19 % USt.", eur(tax)],
      ["Rechnungsbetrag", eur(net + tax)],
    ])}
    <p style="margin-top:8mm">Zahlbar innerhalb von ${due.y === issued.y && due.m === issued.m ? "14" : "30"} Tagen ohne Abzug bis zum ${d(due)}.</p>
    <div class="foot small"><div class="cols">
      <div>${esc(supplier.name)}<br>${lines(supplier.lines)}</div>
      <div>Sparkasse ${esc(supplier.lines[1]?.split(" ")[1] ?? "")}<br>IBAN DE${int(random, 10, 99)} 6005 0101 ${int(random, 1000, 9999)} ${int(random, 1000, 9999)} ${int(random, 10, 99)}<br>BIC SOLADEST600</div>
      <div>USt-IdNr. DE${int(random, 100000000, 999999999)}<br>Amtsgericht Stuttgart HRB ${int(random, 10000, 99999)}<br>Geschäftsführer: Jens Schneider</div>
    </div></div>`;
  const css = `
    .lh { text-align: right; margin-bottom: 10mm }
    .logo { font-size: 19pt; font-weight: bold; color: ${c} }
    .top { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 10mm }
    .window { width: 85mm; line-height: 1.4 }
    .info td { padding: 0.6mm 0 0.6mm 4mm }
    .foot .cols { display: flex; justify-content: space-between }`;
  return {
    html: invoiceSheet(body, pick(random, ["Nimbus Sans", "Noto Sans", "FreeSans"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "de",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "EUR",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** "Verkäufer" and "Käufer" side by side in boxes; the date written out; EUR before the amount. */
const kaeufer: Layout = (random) => {
  const [supplier, customer] = parties(random, "de");
  const issued = someDate(random);
  const number = `${issued.y}-${int(random, 100, 999)}`;
  const list = items(random, GOODS.de ?? [], int(random, 2, 4));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 7);
  const eur = (c: number) => `EUR ${de(c)}`;
  const body = `
    <h1>Rechnung</h1>
    <div class="meta">Rechnungsnummer ${number} &nbsp;·&nbsp; Datum: ${issued.d}. ${monthName("de", issued.m)} ${issued.y} &nbsp;·&nbsp; Leistungszeitraum: ${monthName("de", issued.m)} ${issued.y}</div>
    <div class="boxes">
      <div class="box"><div class="label">Verkäufer</div>${block(supplier)}<br>Steuernummer ${int(random, 10, 99)}/${int(random, 100, 999)}/${int(random, 10000, 99999)}</div>
      <div class="box"><div class="label">Käufer</div>${block(customer)}</div>
    </div>
    ${itemTable(
      ["Nr.", "Artikel", "Anzahl", "Preis", "Summe"],
      list.map((i, n) => [
        String(n + 1),
        i.description,
        quantity(i.quantity, ","),
        de(i.unit),
        de(i.amount),
      ]),
      new Set([2, 3, 4]),
    )}
    ${totalsTable([
      ["Summe netto", eur(net)],
      ["MwSt. 7 %", eur(tax)],
      ["Summe brutto", eur(net + tax)],
    ])}
    <p style="margin-top:10mm">Zahlungsziel: 30 Tage netto. Vielen Dank für Ihren Auftrag.</p>`;
  const css = `
    .meta { margin-bottom: 6mm }
    .boxes { display: flex; gap: 8mm }
    .box { flex: 1; border: 0.8pt solid #555; padding: 3mm 4mm; line-height: 1.4 }`;
  return {
    html: invoiceSheet(body, pick(random, SERIF), css),
    paper: "A4",
    truth: invoiceTruth(
      "de",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        currency: "EUR",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** The number and date only inside the heading: "Handelsrechnung Nr. 471102 vom 05.03.2018"; freight that is not an item. */
const handelsrechnung: Layout = (random) => {
  const [supplier] = parties(random, "de");
  const [customer, delivery] = parties(random, "at");
  const issued = someDate(random);
  const number = String(int(random, 100000, 999999));
  const list = items(random, GOODS.de ?? [], int(random, 3, 5), { low: 20, high: 900 });
  const goods = sum(list.map((i) => i.amount));
  const freight = int(random, 40, 180) * 100;
  const d = `${two(issued.d)}.${two(issued.m)}.${issued.y}`;
  const body = `
    <div class="sender"><b>${esc(supplier.name)}</b> · ${esc(supplier.lines.join(" · "))} · Deutschland</div>
    <h1>Handelsrechnung Nr. ${number} vom ${d}</h1>
    <div class="grid">
      <div><div class="label">Käufer</div>${block(customer)}<br>Österreich<br>UID ATU${int(random, 10000000, 99999999)}</div>
      <div><div class="label">Lieferanschrift</div>${block(delivery)}<br>Österreich</div>
      <div><div class="label">Lieferbedingungen</div>DAP Wien (Incoterms 2020)<br><div class="label" style="margin-top:2mm">Ursprungsland</div>Deutschland</div>
    </div>
    ${itemTable(
      ["Pos.", "Warenbeschreibung", "Zolltarifnr.", "Menge", "Einzelwert EUR", "Gesamtwert EUR"],
      list.map((i, n) => [
        String(n + 1),
        i.description,
        `${int(random, 7000, 9500)} ${int(random, 10, 99)} ${int(random, 10, 99)}`,
        quantity(i.quantity, ","),
        de(i.unit),
        de(i.amount),
      ]),
      new Set([3, 4, 5]),
    )}
    ${totalsTable([
      ["Summe Warenwert", de(goods)],
      ["Fracht und Verpackung", de(freight)],
      ["Umsatzsteuer 0 %", de(0)],
      ["Gesamtbetrag EUR", de(goods + freight)],
    ])}
    <p style="margin-top:6mm">Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b UStG.<br>Zahlungsbedingungen: 30 Tage netto.</p>
    <p style="margin-top:10mm">Wir erklären, dass die in dieser Rechnung aufgeführten Waren ihren Ursprung in der Europäischen Union haben.</p>`;
  const css = `
    .sender { font-size: 8pt; border-bottom: 0.6pt solid #777; padding-bottom: 2mm; margin-bottom: 8mm }
    h1 { font-size: 15pt }
    .grid { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 6mm; margin: 6mm 0 2mm; line-height: 1.4 }`;
  return {
    html: invoiceSheet(
      body,
      pick(random, ["DejaVu Sans Condensed", "Nimbus Sans Narrow", "Liberation Sans Narrow"]),
      css,
      "A4",
      9,
    ),
    paper: "A4",
    truth: invoiceTruth(
      "de",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        currency: "EUR",
        subtotal: goods,
        tax_amount: 0,
        total: goods + freight,
      },
      list,
    ),
  };
};

/** Swiss: CHF amounts as 2'146.87, the totals in a ruled table with a rounding line to five centimes. */
const chf: Layout = (random) => {
  const [supplier, customer] = parties(random, "ch");
  const issued = someDate(random);
  const due = addDays(issued, 30);
  const number = `${issued.y}-${String(int(random, 1, 999)).padStart(4, "0")}`;
  const list = items(random, GOODS.de ?? [], int(random, 3, 5), { low: 30, high: 950 });
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 8.1);
  const raw = net + tax;
  const total = Math.round(raw / 5) * 5;
  const d = (x: SimpleDate) => `${two(x.d)}.${two(x.m)}.${x.y}`;
  const uid = `CHE-${int(random, 100, 999)}.${int(random, 100, 999)}.${int(random, 100, 999)}`;
  const body = `
    <div class="head">
      <div class="to">${block(customer)}</div>
      <div class="from"><div class="logo">${esc(supplier.name)}</div>${lines(supplier.lines)}<br>MWST-Nr. ${uid} MWST</div>
    </div>
    <h1>Rechnung</h1>
    <table class="meta"><tr><td>Rechnungs-Nr.</td><td>${number}</td></tr><tr><td>Datum</td><td>${d(issued)}</td></tr><tr><td>Zahlbar bis</td><td>${d(due)}</td></tr></table>
    ${itemTable(
      ["Pos", "Beschreibung", "Menge", "Preis CHF", "Betrag CHF"],
      list.map((i, n) => [
        String(n + 1),
        i.description,
        quantity(i.quantity),
        ch(i.unit),
        ch(i.amount),
      ]),
      new Set([2, 3, 4]),
    )}
    ${totalsTable(
      [
        ["Total exkl. MWST", ch(net)],
        ["MWST 8.1 %", ch(tax)],
        ["Rundungsdifferenz", ch(total - raw)],
        ["Total CHF", ch(total)],
      ],
      "totals ruled",
    )}
    <p style="margin-top:8mm">Zahlbar innert 30 Tagen netto. Besten Dank für Ihren Auftrag.</p>`;
  const css = `
    .head { display: flex; justify-content: space-between; margin-bottom: 14mm; line-height: 1.4 }
    .to { margin-top: 22mm; width: 80mm }
    .from { text-align: right }
    .logo { font-size: 17pt; font-weight: bold; margin-bottom: 1mm }
    .meta td { padding: 0.5mm 6mm 0.5mm 0 }
    .ruled { border-collapse: collapse }
    .ruled td { border: 0.8pt solid #333; padding: 1.5mm 3mm }
    .ruled .grand td { border-top: 1.6pt solid #111 }`;
  return {
    html: invoiceSheet(body, pick(random, ["URW Gothic", "Noto Sans", "Nimbus Sans"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "de",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "CHF",
        subtotal: net,
        tax_amount: tax,
        total,
      },
      list,
    ),
  };
};

// ---------------------------------------------------------------- English

/** "Inv #", six items, then "Items total" and a discount inside the item table, then the totals. */
const invHash: Layout = (random) => {
  const [supplier, customer] = parties(random, "us");
  const issued = someDate(random);
  const due = addDays(issued, 30);
  const number = String(int(random, 10000, 99999));
  const list = items(random, GOODS.en ?? [], 6, { low: 6, high: 320 });
  const gross = sum(list.map((i) => i.amount));
  const rate = pick(random, [5, 10, 15]);
  const discount = share(gross, rate);
  const net = gross - discount;
  const tax = share(net, 8.25);
  const d = (x: SimpleDate) => `${monthName("en", x.m).slice(0, 3)} ${x.d}, ${x.y}`;
  const initials = supplier.name
    .split(" ")
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  const c = colour(random);
  const extra = `<tr class="sub"><td colspan="4">Items total</td><td class="n">${en(gross)}</td></tr><tr class="sub"><td colspan="4">Discount (${rate}%)</td><td class="n">-${en(discount)}</td></tr>`;
  const body = `
    <div class="head">
      <div class="brand"><div class="mark">${esc(initials)}</div><div><b class="name">${esc(supplier.name)}</b><br>${lines(supplier.lines)}<br>(${int(random, 200, 989)}) 555-${int(random, 1000, 9999)}</div></div>
      <div class="right"><div class="title">INVOICE</div>
        <table class="meta"><tr><td>Inv #</td><td>${number}</td></tr><tr><td>Date</td><td>${d(issued)}</td></tr><tr><td>Terms</td><td>Net 30</td></tr><tr><td>Due</td><td>${d(due)}</td></tr></table>
      </div>
    </div>
    <div class="sold"><div class="label">SOLD TO</div>${block(customer)}</div>
    ${itemTable(
      ["Item", "Description", "Qty", "Unit Price", "Total"],
      list.map((i) => [
        `${pick(random, ["HW", "OF", "SV"])}-${int(random, 100, 999)}`,
        i.description,
        quantity(i.quantity),
        en(i.unit),
        en(i.amount),
      ]),
      new Set([2, 3, 4]),
      extra,
    )}
    ${totalsTable([
      ["Subtotal", en(net)],
      ["Sales Tax (8.25%)", en(tax)],
      ["Total", `$${en(net + tax)}`],
    ])}
    <p style="margin-top:10mm">Make all checks payable to ${esc(supplier.name)}. Thank you for your business!</p>`;
  const css = `
    .head { display: flex; justify-content: space-between; margin-bottom: 10mm }
    .brand { display: flex; gap: 4mm; line-height: 1.4 }
    .mark { width: 16mm; height: 16mm; border-radius: 50%; background: ${c}; color: #fff; font-size: 15pt; font-weight: bold; display: flex; align-items: center; justify-content: center }
    .name { font-size: 12pt }
    .title { font-size: 24pt; font-weight: bold; color: ${c}; text-align: right }
    .meta td { padding: 0.5mm 0 0.5mm 6mm; text-align: right }
    .sold { line-height: 1.4 }
    .items tr.sub td { border-bottom: none; font-style: italic }`;
  return {
    html: invoiceSheet(body, pick(random, ["FreeSans", "Noto Sans", "URW Gothic"]), css, "Letter"),
    paper: "Letter",
    truth: invoiceTruth(
      "en",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "USD",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** No letterhead: the supplier only in the footer, beside its VAT number and bank details. */
const footerSupplier: Layout = (random) => {
  const [supplier, customer] = parties(random, "gb");
  const issued = someDate(random);
  const due = addDays(issued, 30);
  const number = `${int(random, 1000, 9999)}`;
  const list = items(random, GOODS.en ?? [], int(random, 2, 5));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 20);
  const d = (x: SimpleDate) => `${x.d} ${monthName("en", x.m)} ${x.y}`;
  const body = `
    <div class="head"><div class="title">INVOICE</div>
      <table class="meta"><tr><td>Invoice No.</td><td>${number}</td></tr><tr><td>Date</td><td>${d(issued)}</td></tr><tr><td>Payment due</td><td>${d(due)}</td></tr></table>
    </div>
    <div class="sold"><div class="label">Sold to:</div>${block(customer)}</div>
    ${itemTable(
      ["Description", "Qty", "Price", "VAT", "Amount"],
      list.map((i) => [i.description, quantity(i.quantity), en(i.unit), "20%", en(i.amount)]),
      new Set([1, 2, 3, 4]),
    )}
    ${totalsTable([
      ["Net", en(net)],
      ["VAT @ 20%", en(tax)],
      ["Total GBP", `£${en(net + tax)}`],
    ])}
    <div class="foot small">${esc(supplier.name)} · ${esc(address(supplier))} · VAT No. GB ${int(random, 100, 999)} ${int(random, 1000, 9999)} ${int(random, 10, 99)}<br>
      Bank: Barclays · Sort code ${int(random, 20, 40)}-${int(random, 10, 99)}-${int(random, 10, 99)} · Account ${int(random, 10000000, 99999999)} · Please quote the invoice number with your payment</div>`;
  const css = `
    .head { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 12mm }
    .title { font-size: 28pt; font-weight: bold; letter-spacing: 0.08em }
    .meta td { padding: 0.6mm 0 0.6mm 6mm }
    .sold { line-height: 1.4 }
    .foot { text-align: center }`;
  return {
    html: invoiceSheet(body, pick(random, ["C059", "P052", "Noto Serif"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "en",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "GBP",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** Hours billed: the quantity column is headed "Hours / Qty". */
const hoursQty: Layout = (random) => {
  const [supplier, customer] = parties(random, "us");
  const issued = someDate(random);
  const due = addDays(issued, 30);
  const number = `${issued.y}-${String(int(random, 1, 99)).padStart(3, "0")}`;
  const list = items(random, GOODS.services ?? [], int(random, 3, 5), {
    hours: true,
    low: 85,
    high: 185,
  }).map((i) => {
    const unit = Math.round(i.unit / 500) * 500;
    return { ...i, unit, amount: Math.round(i.quantity * unit) };
  });
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 6);
  const d = (x: SimpleDate) => `${two(x.m)}/${two(x.d)}/${x.y}`;
  const body = `
    <div class="lh"><div class="name">${esc(supplier.name)}</div>${esc(address(supplier))}</div>
    <div class="title">Invoice</div>
    <div class="two">
      <div><div class="label">Client:</div>${block(customer)}</div>
      <table class="meta"><tr><td>Invoice No:</td><td>${number}</td></tr><tr><td>Invoice Date:</td><td>${d(issued)}</td></tr><tr><td>Due Date:</td><td>${d(due)}</td></tr></table>
    </div>
    ${itemTable(
      ["Service", "Hours / Qty", "Rate", "Amount"],
      list.map((i) => [i.description, quantity(i.quantity), en(i.unit), en(i.amount)]),
      new Set([1, 2, 3]),
    )}
    ${totalsTable([
      ["Subtotal", en(net)],
      ["Sales tax 6%", en(tax)],
      ["Amount Due", `$${en(net + tax)}`],
    ])}`;
  const css = `
    .lh { text-align: center; border-bottom: 2pt solid #333; padding-bottom: 3mm; margin-bottom: 8mm }
    .lh .name { font-size: 18pt; font-weight: bold }
    .title { font-size: 16pt; margin-bottom: 6mm }
    .two { display: flex; justify-content: space-between; line-height: 1.4 }
    .meta td { padding: 0.5mm 0 0.5mm 5mm }`;
  return {
    html: invoiceSheet(
      body,
      pick(random, ["URW Bookman", "Nimbus Roman", "FreeSerif"]),
      css,
      "Letter",
    ),
    paper: "Letter",
    truth: invoiceTruth(
      "en",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "USD",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** A shop's bill: "Bill No. 00384", "Particulars", "Grand Total", the amount in words. */
const billNo: Layout = (random) => {
  const [supplier, customer] = parties(random, "gb");
  const issued = someDate(random);
  const number = String(int(random, 1, 9999)).padStart(5, "0");
  const list = items(random, GOODS.en ?? [], int(random, 3, 5), { low: 3, high: 120 });
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 20);
  const total = net + tax;
  const pounds = Math.floor(total / 100);
  const pence = total % 100;
  const words = `${inWords(pounds)} pounds${pence ? ` and ${pence} pence` : ""} only`;
  const body = `
    <div class="shop"><div class="name">${esc(supplier.name)}</div>${esc(address(supplier))}<br>Tel. 01${int(random, 100, 999)} ${int(random, 100000, 999999)} · VAT Reg No. ${int(random, 100, 999)} ${int(random, 1000, 9999)} ${int(random, 10, 99)}</div>
    <div class="title">BILL</div>
    <div class="two"><div>Bill No. ${number}</div><div>Date: ${two(issued.d)}/${two(issued.m)}/${issued.y}</div></div>
    <div class="cust"><span class="label">Customer:</span> ${esc(customer.name)}<br><span class="label">Address:</span> ${esc(address(customer))}</div>
    ${itemTable(
      ["S.No", "Particulars", "Qty", "Rate", "Amount"],
      list.map((i, n) => [
        String(n + 1),
        i.description,
        quantity(i.quantity),
        en(i.unit),
        en(i.amount),
      ]),
      new Set([2, 3, 4]),
    )}
    ${totalsTable([
      ["Sub Total", en(net)],
      ["VAT @ 20%", en(tax)],
      ["Grand Total", en(total)],
    ])}
    <p style="margin-top:5mm">Amount in words: ${esc(words.charAt(0).toUpperCase() + words.slice(1))}</p>
    <div class="sign">For ${esc(supplier.name)}<br><br><br>Authorised Signatory</div>`;
  const css = `
    .shop { text-align: center; line-height: 1.4 }
    .shop .name { font-size: 20pt; font-weight: bold }
    .title { text-align: center; font-weight: bold; font-size: 13pt; margin: 5mm 0; letter-spacing: 0.3em }
    .two { display: flex; justify-content: space-between; margin-bottom: 3mm }
    .cust { border: 0.8pt solid #444; padding: 2mm 3mm; line-height: 1.5 }
    .items { border: 0.8pt solid #444 }
    .items td, .items th { border: 0.6pt solid #777 }
    .sign { margin-top: 15mm; text-align: right }`;
  return {
    html: invoiceSheet(body, pick(random, NARROW), css, "A4", 10),
    paper: "A4",
    truth: invoiceTruth(
      "en",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        currency: "GBP",
        subtotal: net,
        tax_amount: tax,
        total,
      },
      list,
    ),
  };
};

/** "Sold to" and a different "Ship to"; an order number beside the invoice number; shipping that is not an item. */
const shipping: Layout = (random) => {
  const [supplier, customer] = parties(random, "us");
  const [, shipTo] = parties(random, "us");
  const issued = someDate(random);
  const number = `INV-${int(random, 100000, 999999)}`;
  const list = items(random, GOODS.en ?? [], int(random, 2, 4), { low: 8, high: 260 });
  const net = sum(list.map((i) => i.amount));
  const freight = int(random, 900, 4500);
  const tax = share(net + freight, 7);
  const d = `${monthName("en", issued.m)} ${issued.d}, ${issued.y}`;
  const body = `
    <div class="head"><div><div class="name">${esc(supplier.name)}</div>${lines(supplier.lines)}</div><div class="title">INVOICE</div></div>
    <table class="meta"><tr><td>Invoice number</td><td>${number}</td><td>Order number</td><td>${int(random, 1000000, 9999999)}</td></tr><tr><td>Invoice date</td><td>${d}</td><td>Payment</td><td>Visa ending ${int(random, 1000, 9999)}</td></tr></table>
    <div class="two"><div><div class="label">SOLD TO</div>${block(customer)}</div><div><div class="label">SHIP TO</div>${block(shipTo)}</div></div>
    ${itemTable(
      ["Product", "SKU", "Units", "Price", "Total"],
      list.map((i) => [
        i.description,
        `${int(random, 100000, 999999)}`,
        quantity(i.quantity),
        en(i.unit),
        en(i.amount),
      ]),
      new Set([2, 3, 4]),
    )}
    ${totalsTable([
      ["Subtotal", en(net)],
      ["Shipping & handling", en(freight)],
      ["Tax (7%)", en(tax)],
      ["Total", `$${en(net + freight + tax)}`],
    ])}`;
  const css = `
    .head { display: flex; justify-content: space-between; margin-bottom: 6mm; line-height: 1.4 }
    .name { font-size: 14pt; font-weight: bold }
    .title { font-size: 22pt; color: #555 }
    .meta { background: #f0f0f0; width: 100%; margin-bottom: 6mm }
    .meta td { padding: 1.4mm 2mm }
    .two { display: flex; gap: 30mm; line-height: 1.4 }`;
  return {
    html: invoiceSheet(body, pick(random, ["Noto Sans", "FreeSans", "Nimbus Sans"]), css, "Letter"),
    paper: "Letter",
    truth: invoiceTruth(
      "en",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        currency: "USD",
        subtotal: net,
        tax_amount: tax,
        total: net + freight + tax,
      },
      list,
    ),
  };
};

/** Australian tax invoice: ABN, GST, "Sold to". */
const taxInvoice: Layout = (random) => {
  const [supplier, customer] = parties(random, "au");
  const issued = someDate(random);
  const due = addDays(issued, 14);
  const number = `${int(random, 1000, 9999)}`;
  const list = items(random, GOODS.en ?? [], int(random, 2, 5));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 10);
  const d = (x: SimpleDate) => `${two(x.d)}/${two(x.m)}/${x.y}`;
  const body = `
    <div class="head"><div><div class="name">${esc(supplier.name)}</div>${lines(supplier.lines)}<br>ABN ${int(random, 10, 99)} ${int(random, 100, 999)} ${int(random, 100, 999)} ${int(random, 100, 999)}</div><div class="title">TAX INVOICE</div></div>
    <div class="two"><div><div class="label">Sold to</div>${block(customer)}</div>
      <table class="meta"><tr><td>Invoice No.</td><td>${number}</td></tr><tr><td>Issue date</td><td>${d(issued)}</td></tr><tr><td>Due date</td><td>${d(due)}</td></tr></table></div>
    ${itemTable(
      ["Description", "Qty", "Unit price", "GST", "Amount"],
      list.map((i) => [
        i.description,
        quantity(i.quantity),
        en(i.unit),
        en(share(i.amount, 10)),
        en(i.amount),
      ]),
      new Set([1, 2, 3, 4]),
    )}
    ${totalsTable([
      ["Subtotal (ex GST)", en(net)],
      ["GST 10%", en(tax)],
      ["Total (inc GST) AUD", `$${en(net + tax)}`],
    ])}
    <div class="foot small">Payment by EFT: BSB ${int(random, 10, 99)}${int(random, 1, 9)}-${int(random, 100, 999)} · Account ${int(random, 1000, 9999)} ${int(random, 1000, 9999)} · Reference: invoice ${number}</div>`;
  const css = `
    .head { display: flex; justify-content: space-between; margin-bottom: 10mm; line-height: 1.4 }
    .name { font-size: 15pt; font-weight: bold }
    .title { font-size: 20pt; font-weight: bold }
    .two { display: flex; justify-content: space-between; line-height: 1.4 }
    .meta td { padding: 0.5mm 0 0.5mm 5mm }`;
  return {
    html: invoiceSheet(
      body,
      pick(random, ["URW Gothic", "FreeSans", "DejaVu Sans Condensed"]),
      css,
    ),
    paper: "A4",
    truth: invoiceTruth(
      "en",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "AUD",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

// ---------------------------------------------------------------- French

/** "Facture" with the customer under "Client" in a box on the right; 1 234,50 with a narrow no-break space. */
const facture: Layout = (random) => {
  const [supplier, customer] = parties(random, "fr");
  const issued = someDate(random);
  const due = addDays(issued, 30);
  const number = `FA-${String(issued.y).slice(2)}/${String(int(random, 1, 999)).padStart(4, "0")}`;
  const list = items(random, GOODS.fr ?? [], int(random, 2, 5));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 20);
  const d = (x: SimpleDate) => `${two(x.d)}/${two(x.m)}/${x.y}`;
  const body = `
    <div class="head">
      <div class="from"><div class="name">${esc(supplier.name)}</div>${lines(supplier.lines)}<br>SIRET ${int(random, 100, 999)} ${int(random, 100, 999)} ${int(random, 100, 999)} 000${int(random, 10, 99)}<br>TVA intracom. FR${int(random, 10, 99)} ${int(random, 100000000, 999999999)}</div>
      <div class="client"><div class="label">Client</div>${block(customer)}</div>
    </div>
    <h1>FACTURE</h1>
    <table class="meta"><tr><th>Numéro</th><th>Date</th><th>Échéance</th></tr><tr><td>${number}</td><td>${d(issued)}</td><td>${d(due)}</td></tr></table>
    ${itemTable(
      ["Désignation", "Qté", "P.U. HT", "Montant HT"],
      list.map((i) => [
        i.description,
        quantity(i.quantity, ","),
        frNarrow(i.unit),
        frNarrow(i.amount),
      ]),
      new Set([1, 2, 3]),
    )}
    ${totalsTable([
      ["Total HT", `${frNarrow(net)} €`],
      ["TVA 20 %", `${frNarrow(tax)} €`],
      ["Total TTC", `${frNarrow(net + tax)} €`],
    ])}
    <div class="foot small">Conditions de paiement : 30 jours. En cas de retard, une pénalité égale à trois fois le taux d'intérêt légal sera exigible, ainsi qu'une indemnité forfaitaire de 40 € pour frais de recouvrement.</div>`;
  const css = `
    .head { display: flex; justify-content: space-between; margin-bottom: 12mm; line-height: 1.4 }
    .name { font-size: 15pt; font-weight: bold }
    .client { border: 0.8pt solid #333; padding: 3mm 5mm; width: 75mm; margin-top: 12mm }
    .meta { margin-bottom: 2mm }
    .meta th { text-align: left; font-size: 8pt; color: #555; font-weight: normal; padding-right: 12mm }
    .meta td { padding-right: 12mm }`;
  return {
    html: invoiceSheet(body, pick(random, ["Noto Serif", "P052", "FreeSerif"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "fr",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "EUR",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** The number and date in the heading ("Facture n° … du 12 avril 2024"); a discount and carriage that are not items. */
const factureRemise: Layout = (random) => {
  const [supplier, customer] = parties(random, "fr");
  const issued = someDate(random);
  const number = `${issued.y}-${String(int(random, 1, 999)).padStart(4, "0")}`;
  const list = items(random, GOODS.fr ?? [], int(random, 3, 5));
  const gross = sum(list.map((i) => i.amount));
  const discount = share(gross, 5);
  const carriage = int(random, 1200, 3900);
  const net = gross - discount + carriage;
  const tax = share(net, 20);
  const body = `
    <div class="from"><div class="name">${esc(supplier.name)}</div>${esc(address(supplier))}</div>
    <h1>Facture n° ${number} du ${issued.d} ${monthName("fr", issued.m)} ${issued.y}</h1>
    <div class="client"><span class="label">Client :</span> ${block(customer)}</div>
    ${itemTable(
      ["Réf.", "Désignation", "Qté", "PU HT", "Total HT"],
      list.map((i) => [
        `R${int(random, 1000, 9999)}`,
        i.description,
        quantity(i.quantity, ","),
        frSpace(i.unit),
        frSpace(i.amount),
      ]),
      new Set([2, 3, 4]),
    )}
    ${totalsTable([
      ["Total brut HT", frSpace(gross)],
      ["Remise 5 %", frSpace(-discount)],
      ["Frais de port", frSpace(carriage)],
      ["Total HT", frSpace(net)],
      ["TVA 20 %", frSpace(tax)],
      ["Total TTC (€)", frSpace(net + tax)],
    ])}
    <p style="margin-top:8mm">Règlement par virement à réception de facture.</p>`;
  const css = `
    .from { line-height: 1.4; margin-bottom: 8mm }
    .name { font-size: 14pt; font-weight: bold }
    h1 { font-size: 15pt }
    .client { margin: 2mm 0 0 90mm; line-height: 1.4 }`;
  return {
    html: invoiceSheet(body, pick(random, ["Nimbus Sans", "URW Gothic", "Noto Sans"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "fr",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        currency: "EUR",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

// ---------------------------------------------------------------- Dutch, Italian, Portuguese, Spanish

const factuur: Layout = (random) => {
  const [supplier, customer] = parties(random, "nl");
  const issued = someDate(random);
  const due = addDays(issued, 30);
  const number = `${issued.y}${String(int(random, 1, 9999)).padStart(4, "0")}`;
  const list = items(random, GOODS.nl ?? [], int(random, 2, 5));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 21);
  const d = (x: SimpleDate) => `${x.d}-${x.m}-${x.y}`;
  const eur = (c: number) => `€ ${de(c)}`;
  const body = `
    <div class="head">
      <div class="to"><div class="label">Factuuradres</div>${block(customer)}</div>
      <div class="from"><div class="name">${esc(supplier.name)}</div>${lines(supplier.lines)}<br>KvK ${int(random, 10000000, 99999999)}<br>Btw-nr. NL${int(random, 100000000, 999999999)}B01<br>IBAN NL${int(random, 10, 99)} RABO 0${int(random, 100000000, 999999999)}</div>
    </div>
    <h1>FACTUUR</h1>
    <table class="meta"><tr><td>Factuurnummer</td><td>${number}</td></tr><tr><td>Factuurdatum</td><td>${d(issued)}</td></tr><tr><td>Vervaldatum</td><td>${d(due)}</td></tr><tr><td>Klantnummer</td><td>${int(random, 1000, 9999)}</td></tr></table>
    ${itemTable(
      ["Omschrijving", "Aantal", "Prijs per stuk", "Bedrag"],
      list.map((i) => [i.description, quantity(i.quantity, ","), eur(i.unit), eur(i.amount)]),
      new Set([1, 2, 3]),
    )}
    ${totalsTable([
      ["Totaal excl. btw", eur(net)],
      ["Btw 21%", eur(tax)],
      ["Totaal incl. btw", eur(net + tax)],
    ])}
    <p style="margin-top:8mm">Wij verzoeken u het totaalbedrag vóór ${d(due)} over te maken onder vermelding van het factuurnummer.</p>`;
  const css = `
    .head { display: flex; justify-content: space-between; margin-bottom: 10mm; line-height: 1.4 }
    .to { margin-top: 20mm }
    .from { text-align: right; font-size: 8.5pt }
    .name { font-size: 14pt; font-weight: bold }
    .meta td { padding: 0.5mm 8mm 0.5mm 0 }`;
  return {
    html: invoiceSheet(body, pick(random, ["FreeSans", "Noto Sans", "URW Gothic"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "nl",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "EUR",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** Italian: "Fattura n. 117/2024 del 05/03/2024", "Cedente / prestatore" and "Cessionario / committente". */
const fattura: Layout = (random) => {
  const [supplier, customer] = parties(random, "it");
  const issued = someDate(random);
  const due = addDays(issued, 30);
  const number = `${int(random, 1, 400)}/${issued.y}`;
  const list = items(random, GOODS.it ?? [], int(random, 2, 5));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 22);
  const d = (x: SimpleDate) => `${two(x.d)}/${two(x.m)}/${x.y}`;
  const body = `
    <h1>Fattura n. ${number} del ${d(issued)}</h1>
    <div class="boxes">
      <div class="box"><div class="label">Cedente / prestatore</div>${block(supplier)}<br>P. IVA ${int(random, 10000000000, 99999999999)}</div>
      <div class="box"><div class="label">Cessionario / committente</div>${block(customer)}<br>P. IVA ${int(random, 10000000000, 99999999999)}</div>
    </div>
    ${itemTable(
      ["Descrizione", "Quantità", "Prezzo unitario", "Importo"],
      list.map((i) => [i.description, quantity(i.quantity, ","), de(i.unit), de(i.amount)]),
      new Set([1, 2, 3]),
    )}
    ${totalsTable([
      ["Imponibile", `€ ${de(net)}`],
      ["IVA 22%", `€ ${de(tax)}`],
      ["Totale documento", `€ ${de(net + tax)}`],
    ])}
    <p style="margin-top:8mm">Modalità di pagamento: bonifico bancario<br>Scadenza pagamento: ${d(due)}<br>IBAN IT${int(random, 10, 99)} X054 2811 1010 0000 0${int(random, 100000, 999999)}</p>`;
  const css = `
    h1 { font-size: 16pt; margin-bottom: 6mm }
    .boxes { display: flex; gap: 6mm }
    .box { flex: 1; border: 0.8pt solid #666; border-radius: 2mm; padding: 3mm 4mm; line-height: 1.4 }`;
  return {
    html: invoiceSheet(body, pick(random, ["P052", "C059", "Nimbus Roman"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "it",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "EUR",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** Portuguese: "Fatura FT 2024/317", NIF, "Total ilíquido", "Total a pagar". */
const fatura: Layout = (random) => {
  const [supplier, customer] = parties(random, "pt");
  const issued = someDate(random);
  const due = addDays(issued, 30);
  const number = `FT ${issued.y}/${int(random, 1, 999)}`;
  const list = items(random, GOODS.pt ?? [], int(random, 2, 5));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 23);
  const d = (x: SimpleDate) => `${x.y}-${two(x.m)}-${two(x.d)}`;
  const body = `
    <div class="head">
      <div><div class="name">${esc(supplier.name)}</div>${lines(supplier.lines)}<br>NIF ${int(random, 500000000, 599999999)}</div>
      <div class="doc"><div class="title">Fatura ${number}</div>Original</div>
    </div>
    <div class="two">
      <div><div class="label">Cliente</div>${block(customer)}<br>NIF ${int(random, 500000000, 599999999)}</div>
      <table class="meta"><tr><td>Data de emissão</td><td>${d(issued)}</td></tr><tr><td>Data de vencimento</td><td>${d(due)}</td></tr></table>
    </div>
    ${itemTable(
      ["Descrição", "Qtd.", "Preço unit.", "IVA", "Total"],
      list.map((i) => [i.description, quantity(i.quantity, ","), de(i.unit), "23%", de(i.amount)]),
      new Set([1, 2, 3, 4]),
    )}
    ${totalsTable([
      ["Total ilíquido", `${de(net)} €`],
      ["Total IVA", `${de(tax)} €`],
      ["Total a pagar", `${de(net + tax)} €`],
    ])}
    <div class="foot small">${int(random, 1000, 9999)}-Processado por programa certificado n.º ${int(random, 1000, 2999)}/AT</div>`;
  const css = `
    .head { display: flex; justify-content: space-between; margin-bottom: 10mm; line-height: 1.4 }
    .name { font-size: 14pt; font-weight: bold }
    .doc { text-align: right } .doc .title { font-size: 16pt; font-weight: bold }
    .two { display: flex; justify-content: space-between; line-height: 1.4 }
    .meta td { padding: 0.5mm 0 0.5mm 5mm }`;
  return {
    html: invoiceSheet(body, pick(random, ["Noto Sans", "Nimbus Sans", "FreeSans"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "pt",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: "EUR",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** Spanish: the customer under "Destinatario", the number and date in a ruled header row. */
const factura: Layout = (random) => {
  const [supplier, customer] = parties(random, "es");
  const issued = someDate(random);
  const number = `${issued.y}/${String(int(random, 1, 999)).padStart(3, "0")}`;
  const list = items(random, GOODS.es ?? [], int(random, 2, 5));
  const net = sum(list.map((i) => i.amount));
  const tax = share(net, 21);
  const body = `
    <div class="head">
      <div><div class="name">${esc(supplier.name)}</div>CIF B${int(random, 10000000, 99999999)}<br>${lines(supplier.lines)}</div>
      <div class="to"><div class="label">Destinatario</div>${block(customer)}</div>
    </div>
    <h1>FACTURA</h1>
    <table class="meta"><tr><th>Nº factura</th><th>Fecha</th><th>Forma de pago</th></tr><tr><td>${number}</td><td>${issued.d} de ${monthName("es", issued.m)} de ${issued.y}</td><td>Transferencia</td></tr></table>
    ${itemTable(
      ["Concepto", "Unidades", "Precio", "Importe"],
      list.map((i) => [i.description, quantity(i.quantity, ","), de(i.unit), de(i.amount)]),
      new Set([1, 2, 3]),
    )}
    ${totalsTable([
      ["Base imponible", `${de(net)} €`],
      ["IVA 21%", `${de(tax)} €`],
      ["Total factura", `${de(net + tax)} €`],
    ])}`;
  const css = `
    .head { display: flex; justify-content: space-between; margin-bottom: 10mm; line-height: 1.4 }
    .name { font-size: 14pt; font-weight: bold }
    .to { border-left: 2pt solid #888; padding-left: 4mm; width: 75mm }
    .meta { width: 100%; border: 0.8pt solid #444 }
    .meta th, .meta td { border: 0.8pt solid #444; padding: 1.5mm 3mm; text-align: left }
    .meta th { background: #e6e6e6 }`;
  return {
    html: invoiceSheet(body, pick(random, ["URW Bookman", "Noto Serif", "C059"]), css),
    paper: "A4",
    truth: invoiceTruth(
      "es",
      supplier,
      customer,
      {
        invoice_number: number,
        invoice_date: iso(issued),
        currency: "EUR",
        subtotal: net,
        tax_amount: tax,
        total: net + tax,
      },
      list,
    ),
  };
};

/** The truth of an invoice: fields in the order of fixtures/calibration/invoices, amounts from cents. */
function invoiceTruth(
  language: string,
  supplier: Firm,
  customer: Firm,
  fields: {
    invoice_number: string;
    invoice_date: string;
    due_date?: string;
    currency: string;
    subtotal: number;
    tax_amount: number;
    total: number;
  },
  list: readonly Item[],
): InvoiceTruth {
  return {
    document_type: "invoice",
    language_hints: [language],
    fields: {
      supplier_name: supplier.name,
      supplier_address: address(supplier),
      customer_name: customer.name,
      customer_address: address(customer),
      invoice_number: fields.invoice_number,
      invoice_date: fields.invoice_date,
      ...(fields.due_date ? { due_date: fields.due_date } : {}),
      currency: fields.currency,
      subtotal: fields.subtotal / 100,
      tax_amount: fields.tax_amount / 100,
      total: fields.total / 100,
    },
    line_items: truthItems(list),
  };
}

/** The invoices, in the order of their files (invoice-1 … invoice-16). */
const LAYOUTS: [string, Layout][] = [
  ["rechnung", rechnung],
  ["inv-hash", invHash],
  ["footer-supplier", footerSupplier],
  ["chf", chf],
  ["facture", facture],
  ["handelsrechnung", handelsrechnung],
  ["hours-qty", hoursQty],
  ["bill-no", billNo],
  ["shipping", shipping],
  ["factuur", factuur],
  ["fattura", fattura],
  ["fatura", fatura],
  ["factura", factura],
  ["facture-remise", factureRemise],
  ["kaeufer", kaeufer],
  ["tax-invoice", taxInvoice],
];

// ---------------------------------------------------------------- the set

/** A list of one on one line, as Biome formats JSON. */
const truthJson = (truth: InvoiceTruth) =>
  `${JSON.stringify(truth, null, 2).replace(/\[\n\s+("[^"]*")\n\s+\]/g, "[$1]")}\n`;

/** Writes every invoice (PDF and photo) and receipt (photo and scan) with its truth into `dir`, `jobs` at a time. */
export async function generateInvoices(
  renderer: Renderer,
  dir: string,
  seed: number,
  jobs: number,
): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const write = (name: string, bytes: Buffer, truth: InvoiceTruth) => {
    writeFileSync(path.join(dir, name), bytes);
    writeFileSync(path.join(dir, name.replace(/\.\w+$/, ".json")), truthJson(truth));
    console.log(`invoices/${name}`);
    return name;
  };
  const invoices = await pMap(
    [...LAYOUTS.entries()],
    async ([n, [layout, draw]]) => {
      const random = seeded(`${seed}:invoice:${layout}`);
      const built = draw(random);
      const name = `invoice-${n + 1}`;
      const pdf = write(`${name}.pdf`, await renderer.pdf(built.html, built.paper), built.truth);
      const size = PAPER[built.paper];
      const { png } = await renderer.image(built.html, {
        width: size.width,
        height: size.height,
        dpi: 200,
      });
      const photo = await photograph(png, random, { megapixels: 3 + random() });
      return [pdf, write(`${name}-photo.jpg`, photo, built.truth)];
    },
    { concurrency: jobs },
  );
  const receipts = await pMap(
    [...TILLS.entries()],
    async ([n, till]) => {
      const random = seeded(`${seed}:receipt:${n}`);
      const built = receipt(till, random, seeded(`${seed}:receipt:${n}:shop`));
      // 80 mm thermal paper printed at 203 dpi.
      const { png } = await renderer.image(built.html, { width: 302, dpi: 203 });
      const { width, height } = pngSize(png);
      // A phone held upright over the slip: the frame 3:4, the slip in its middle.
      const frameWidth = (height * 1.12 * 3) / 4;
      const photo = await photograph(png, random, {
        megapixels: 2 + random(),
        margin: { x: Math.max(0.15, (frameWidth - width) / 2 / width), y: 0.06 },
        keystone: [0.02, 0.06],
      });
      // The same slip laid on a flatbed scanner, as an expense clerk files it;
      // every other one gone pale with age.
      const scanned = await scan(png, random, { dpi: 203, rotation: [0.3, 2], faded: n % 2 === 1 });
      return [
        write(`receipt-${n + 1}.jpg`, photo, built.truth),
        write(`receipt-${n + 1}-scan.png`, scanned, built.truth),
      ];
    },
    { concurrency: jobs },
  );
  return [...invoices.flat(), ...receipts.flat()];
}
