// What the rendered text pages say: business letters in four languages, a
// newsletter's prose and a Spanish notice built from phrase lists (so pages
// rarely repeat a sentence), people, firms and places. None of it is shared
// with the canvas generator (scripts/calibration/text.ts).
import { int, pick, type Random, shuffled } from "./random";

export type Language = "en" | "fr" | "de" | "es";

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

const LETTER_SENTENCES: Record<Language, string[]> = {
  en: [
    "Thank you for your letter of 14 May concerning the renewal of our maintenance contract.",
    "We are pleased to confirm that the revised terms will apply from the first of next month.",
    "The enclosed schedule lists the visits planned for the remainder of the year.",
    "Should any of these dates be inconvenient, please let our service desk know in good time.",
    "Our engineers will need access to the plant room and to the roof during each visit.",
    "The annual fee has been held at last year's level despite the rise in material costs.",
    "Invoices will be issued quarterly and are payable within thirty days of their date.",
    "We would also like to draw your attention to the new emergency call-out number.",
    "A copy of our current insurance certificate is attached for your records.",
    "If you have any questions about the contract, please do not hesitate to contact me.",
    "We value the trust you have placed in our company over the past six years.",
    "The price list for spare parts will be updated in January and sent to you by post.",
    "Please sign both copies of the agreement and return one of them in the envelope provided.",
    "Our offices will be closed between Christmas and New Year, but the emergency line stays open.",
    "The inspection report from March found the system in good working order.",
    "We look forward to continuing our work together in the coming year.",
  ],
  fr: [
    "Nous vous remercions de votre courrier du 14 mai concernant le renouvellement de votre contrat.",
    "Nous avons le plaisir de vous confirmer que les nouvelles conditions s'appliqueront dès le mois prochain.",
    "Vous trouverez ci-joint le calendrier des interventions prévues pour le reste de l'année.",
    "Si l'une de ces dates ne vous convenait pas, merci d'en informer notre service client.",
    "Nos techniciens auront besoin d'accéder à la chaufferie ainsi qu'à la toiture.",
    "Le montant de l'abonnement annuel reste inchangé malgré la hausse du prix des matériaux.",
    "Les factures seront émises chaque trimestre et payables à trente jours.",
    "Nous attirons également votre attention sur notre nouveau numéro d'urgence.",
    "Une copie de notre attestation d'assurance est jointe à la présente lettre.",
    "Pour toute question relative au contrat, n'hésitez pas à me contacter directement.",
    "Nous vous remercions de la confiance que vous accordez à notre société depuis six ans.",
    "Le tarif des pièces détachées sera mis à jour en janvier et vous sera envoyé par courrier.",
    "Veuillez signer les deux exemplaires du contrat et nous en retourner un.",
    "Nos bureaux seront fermés entre Noël et le Nouvel An, mais la ligne d'urgence restera ouverte.",
    "Le rapport de visite du mois de mars n'a relevé aucune anomalie.",
    "Nous restons à votre disposition pour tout renseignement complémentaire.",
  ],
  de: [
    "Vielen Dank für Ihr Schreiben vom 14. Mai zur Verlängerung des Wartungsvertrags.",
    "Gerne bestätigen wir Ihnen, dass die geänderten Bedingungen ab dem nächsten Monat gelten.",
    "Die beigefügte Übersicht enthält die geplanten Termine für den Rest des Jahres.",
    "Sollte einer dieser Termine ungünstig sein, geben Sie bitte rechtzeitig Bescheid.",
    "Unsere Techniker benötigen bei jedem Besuch Zugang zum Heizungsraum und zum Dach.",
    "Die Jahresgebühr bleibt trotz gestiegener Materialkosten auf dem Niveau des Vorjahres.",
    "Rechnungen werden vierteljährlich gestellt und sind innerhalb von dreißig Tagen zahlbar.",
    "Außerdem möchten wir Sie auf unsere neue Notrufnummer hinweisen.",
    "Eine Kopie unserer aktuellen Versicherungsbestätigung liegt diesem Schreiben bei.",
    "Bei Fragen zum Vertrag können Sie sich jederzeit direkt an mich wenden.",
    "Wir danken Ihnen für das Vertrauen, das Sie uns seit sechs Jahren entgegenbringen.",
    "Die Preisliste für Ersatzteile wird im Januar aktualisiert und Ihnen per Post zugesandt.",
    "Bitte unterschreiben Sie beide Exemplare und senden Sie eines davon an uns zurück.",
    "Zwischen Weihnachten und Neujahr bleibt unser Büro geschlossen, der Notdienst ist erreichbar.",
    "Der Prüfbericht vom März bescheinigt der Anlage einen einwandfreien Zustand.",
    "Wir freuen uns auf die weitere Zusammenarbeit im kommenden Jahr.",
  ],
  es: [
    "Le agradecemos su carta del 14 de mayo relativa a la renovación del contrato de mantenimiento.",
    "Nos complace confirmarle que las nuevas condiciones se aplicarán a partir del mes próximo.",
    "En el documento adjunto encontrará el calendario de visitas previstas para el resto del año.",
    "Si alguna de estas fechas no le conviene, le rogamos que nos lo comunique con antelación.",
    "Nuestros técnicos necesitarán acceso a la sala de calderas y a la azotea en cada visita.",
    "La cuota anual se mantiene al nivel del año pasado a pesar del aumento de los costes.",
    "Las facturas se emitirán cada trimestre y deberán abonarse en un plazo de treinta días.",
    "Asimismo, queremos informarle de nuestro nuevo número de atención de urgencias.",
    "Adjuntamos una copia de nuestro certificado de seguro vigente.",
    "Para cualquier consulta sobre el contrato, no dude en ponerse en contacto conmigo.",
    "Le agradecemos la confianza depositada en nuestra empresa durante los últimos seis años.",
    "La lista de precios de recambios se actualizará en enero y se la enviaremos por correo.",
    "Le rogamos que firme ambos ejemplares del contrato y nos devuelva uno de ellos.",
    "Nuestras oficinas permanecerán cerradas entre Navidad y Año Nuevo, salvo el servicio de urgencias.",
    "El informe de inspección de marzo no detectó ninguna anomalía en la instalación.",
    "Quedamos a su disposición para cualquier aclaración adicional.",
  ],
};

export interface Party {
  name: string;
  /** A person at the firm, for the address block's first line (may be empty). */
  person: string;
  lines: string[];
  city: string;
  /** How a letter to this person opens; a letter to the firm opens with the language's general greeting. */
  dear?: string;
}

const PARTIES: Record<Language, Party[]> = {
  en: [
    {
      name: "Halden Building Services Ltd",
      person: "",
      lines: ["Unit 7, Kingsway Trading Estate", "Northampton NN5 7QP"],
      city: "Northampton",
    },
    {
      name: "Carrow & Webb Architects",
      person: "Ms Fiona Carrow",
      lines: ["41 Rodney Street", "Liverpool L1 9EW"],
      city: "Liverpool",
      dear: "Dear Ms Carrow,",
    },
    {
      name: "St Aidan's Primary School",
      person: "The Bursar",
      lines: ["Chapel Lane", "Durham DH1 4RT"],
      city: "Durham",
    },
    {
      name: "Wexley Property Management",
      person: "Mr Daniel Okafor",
      lines: ["120 Victoria Road", "Cardiff CF11 9LJ"],
      city: "Cardiff",
      dear: "Dear Mr Okafor,",
    },
    {
      name: "Brightwater Hotels plc",
      person: "Facilities Department",
      lines: ["2 Esplanade", "Brighton BN2 1TW"],
      city: "Brighton",
    },
  ],
  fr: [
    {
      name: "Thermique Durand SARL",
      person: "",
      lines: ["12 rue du Faubourg Saint-Jean", "45000 Orléans"],
      city: "Orléans",
    },
    {
      name: "Résidence Les Tilleuls",
      person: "M. Antoine Mercier",
      lines: ["4 allée des Acacias", "13008 Marseille"],
      city: "Marseille",
      dear: "Monsieur,",
    },
    {
      name: "Clinique Vétérinaire du Parc",
      person: "Mme Hélène Garnier",
      lines: ["27 avenue Foch", "54000 Nancy"],
      city: "Nancy",
      dear: "Madame,",
    },
    {
      name: "Syndic Lambert & Associés",
      person: "Service copropriété",
      lines: ["9 cours Mirabeau", "13100 Aix-en-Provence"],
      city: "Aix-en-Provence",
    },
  ],
  de: [
    {
      name: "Wärmetechnik Sommer GmbH",
      person: "",
      lines: ["Industriestraße 22", "68169 Mannheim"],
      city: "Mannheim",
    },
    {
      name: "Wohnungsbaugenossenschaft Eintracht eG",
      person: "Frau Petra Köhler",
      lines: ["Schillerplatz 5", "99423 Weimar"],
      city: "Weimar",
      dear: "Sehr geehrte Frau Köhler,",
    },
    {
      name: "Zahnarztpraxis Dr. Yılmaz",
      person: "Herrn Dr. Emre Yılmaz",
      lines: ["Kaiserstraße 81", "76133 Karlsruhe"],
      city: "Karlsruhe",
      dear: "Sehr geehrter Herr Dr. Yılmaz,",
    },
    {
      name: "Stadtwerke Lüneburg GmbH",
      person: "Abteilung Einkauf",
      lines: ["Am Sande 14", "21335 Lüneburg"],
      city: "Lüneburg",
    },
  ],
  es: [
    {
      name: "Climatización Beltrán S.L.",
      person: "",
      lines: ["Polígono Industrial Las Atalayas, nave 14", "03114 Alicante"],
      city: "Alicante",
    },
    {
      name: "Comunidad de Propietarios Miramar",
      person: "D. Javier Sánchez Peña",
      lines: ["Avenida del Puerto 88", "46023 Valencia"],
      city: "Valencia",
      dear: "Estimado Sr. Sánchez:",
    },
    {
      name: "Colegio Nuestra Señora del Pilar",
      person: "Administración",
      lines: ["Calle Castellana 31", "50005 Zaragoza"],
      city: "Zaragoza",
    },
    {
      name: "Hotel Costa Dorada",
      person: "Dña. Lucía Romero",
      lines: ["Paseo Marítimo 5", "29640 Fuengirola"],
      city: "Fuengirola",
      dear: "Estimada Sra. Romero:",
    },
  ],
};

const MONTHS: Record<Language, string[]> = {
  en: "January February March April May June July August September October November December".split(
    " ",
  ),
  fr: "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(
    " ",
  ),
  de: "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(
    " ",
  ),
  es: "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(
    " ",
  ),
};

export function letterDate(random: Random, language: Language, city: string): string {
  const d = int(random, 1, 28);
  const m = int(random, 0, 11);
  const y = int(random, 2019, 2025);
  const month = MONTHS[language][m] ?? "";
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

const SUBJECTS: Record<Language, string[]> = {
  en: [
    "Subject: Renewal of maintenance contract",
    "Re: Annual service agreement",
    "Your enquiry of 14 May",
  ],
  fr: ["Objet : renouvellement du contrat d'entretien", "Objet : contrat de maintenance annuel"],
  de: ["Verlängerung des Wartungsvertrags", "Betreff: Wartungsvertrag für das kommende Jahr"],
  es: ["Asunto: renovación del contrato de mantenimiento", "Asunto: contrato anual de servicio"],
};
const GREETINGS: Record<Language, string> = {
  en: "Dear Sir or Madam,",
  fr: "Madame, Monsieur,",
  de: "Sehr geehrte Damen und Herren,",
  es: "Estimados señores:",
};
const CLOSINGS: Record<Language, string[]> = {
  en: ["Yours faithfully,", "Yours sincerely,", "Kind regards,"],
  fr: [
    "Veuillez agréer, Madame, Monsieur, l'expression de nos salutations distinguées.",
    "Nous vous prions d'agréer nos sincères salutations.",
  ],
  de: ["Mit freundlichen Grüßen", "Freundliche Grüße"],
  es: ["Atentamente,", "Reciba un cordial saludo,"],
};
const SIGNERS: Record<Language, [string, string][]> = {
  en: [
    ["Margaret Ellison", "Contracts Manager"],
    ["Rajesh Patel", "Head of Customer Service"],
  ],
  fr: [
    ["Claire Fontaine", "Responsable clientèle"],
    ["Julien Marchand", "Directeur technique"],
  ],
  de: [
    ["Thomas Brenner", "Kundenbetreuung"],
    ["Sabine Hartmann", "Geschäftsführerin"],
  ],
  es: [
    ["Carmen Ibáñez", "Departamento comercial"],
    ["Miguel Ángel Torres", "Director técnico"],
  ],
};
const REFERENCES: Record<Language, string> = {
  en: "Our ref.",
  fr: "Réf.",
  de: "Unser Zeichen",
  es: "Ref.",
};

/** A business letter's text: two firms of one country, two to four short paragraphs. */
export function letter(
  random: Random,
  language: Language,
  paragraphs = int(random, 2, 4),
): LetterText {
  const [sender, recipient] = shuffled(random, PARTIES[language]) as [Party, Party];
  // Each list opens with a letter's first sentence and ends with a closing one; the rest in any order.
  const pool = LETTER_SENTENCES[language];
  const sizes = Array.from({ length: paragraphs }, () => int(random, 2, 3));
  const middle = shuffled(random, pool.slice(1, -1)).slice(0, sum(sizes) - 2);
  const body = [pool[0] ?? "", ...middle, pool.at(-1) ?? ""];
  const [signer, role] = pick(random, SIGNERS[language]);
  let at = 0;
  return {
    language,
    sender,
    recipient,
    date: letterDate(random, language, sender.city),
    reference: `${REFERENCES[language]} ${pick(random, ["KD", "VT", "SV", "AB"])}-${int(random, 1000, 9899)}`,
    subject: pick(random, SUBJECTS[language]),
    salutation: recipient.dear ?? GREETINGS[language],
    paragraphs: sizes.map((n) => {
      const sentences = body.slice(at, at + n);
      at += n;
      return sentences.join(" ");
    }),
    closing: pick(random, CLOSINGS[language]),
    signer,
    role,
  };
}

// A newsletter's sentences, put together from parts: a subject, what it did or will do, to what, when.
const NEWS_ONE = [
  "The parish council",
  "The new head teacher",
  "Our county librarian",
  "A group of local beekeepers",
  "The allotment society",
  "The museum's education officer",
  "The youth orchestra",
  "The cycling campaign",
  "The village hall committee",
];
const NEWS_MANY = [
  "Volunteers from the rowing club",
  "Residents of Mill Lane",
  "Staff at the health centre",
  "The Friends of Westfield Park",
  "Pupils from the grammar school",
];
/** What a subject does, as said of one and of many. */
const NEWS_ACTIONS: [string, string][] = [
  ["has agreed to repair", "have agreed to repair"],
  ["will open", "will open"],
  ["is raising money for", "are raising money for"],
  ["has asked the district council to review", "have asked the district council to review"],
  ["plans to restore", "plan to restore"],
  ["has published a guide to", "have published a guide to"],
  ["will hold a public meeting about", "will hold a public meeting about"],
  ["is looking for helpers to clear", "are looking for helpers to clear"],
  ["has won a small grant to improve", "have won a small grant to improve"],
  ["will lead guided walks around", "will lead guided walks around"],
  ["wants to hear your views on", "want to hear your views on"],
  ["has finished a survey of", "have finished a survey of"],
];
const NEWS_OBJECTS = [
  "the footbridge over the canal",
  "the community orchard",
  "the old signal box",
  "the path along the river meadows",
  "the reading room above the post office",
  "the playground on Station Road",
  "the bus shelter outside the church",
  "the wildflower verges",
  "the market square",
  "the cricket pavilion",
  "the bird hide at Fenwick Marsh",
  "the car park behind the library",
];
const NEWS_TIMES = [
  "before the end of April.",
  "next Saturday morning.",
  "during the summer holidays.",
  "over the coming months.",
  "on the first weekend of June.",
  "as soon as the weather allows.",
  "later this autumn.",
  "in time for the spring fair.",
  "this week.",
  "by the end of the year.",
];
const NEWS_ASIDES = [
  "Everyone is welcome, and tea will be served afterwards.",
  "Details are posted on the notice board by the shop.",
  "Last year more than two hundred people took part.",
  "Please bring gloves and sturdy shoes.",
  "Tickets cost three pounds and can be bought at the door.",
  "The work is expected to take about six weeks.",
  "Parking will be limited while the work goes on.",
  "Offers of help can be left with the parish clerk.",
  "Children under twelve must be accompanied by an adult.",
  "The minutes of the last meeting are available on request.",
];

function newsSentence(random: Random): string {
  const many = random() < 0.4;
  const subject = pick(random, many ? NEWS_MANY : NEWS_ONE);
  const [one, more] = pick(random, NEWS_ACTIONS);
  return `${subject} ${many ? more : one} ${pick(random, NEWS_OBJECTS)} ${pick(random, NEWS_TIMES)}`;
}

/** A paragraph of newsletter prose: three to five sentences, now and then an aside. */
export function newsParagraph(random: Random): string {
  const out: string[] = [];
  const count = int(random, 3, 5);
  for (let i = 0; i < count; i++)
    out.push(i > 0 && random() < 0.3 ? pick(random, NEWS_ASIDES) : newsSentence(random));
  return [...new Set(out)].join(" ");
}

export const NEWS_HEADLINES = [
  "Footbridge to reopen",
  "Orchard planting day",
  "Signal box saved",
  "News from the library",
  "Spring fair returns",
  "Help wanted at the marsh",
  "Survey results are in",
  "A busy year for the hall",
  "Concert in the park",
  "New bus timetable",
  "Meet the beekeepers",
  "Verges left to grow",
];

export const NEWSLETTER_TITLES = [
  "The Westfield Courier",
  "Mill Lane News",
  "Fenwick Parish Newsletter",
  "The Riverside Bulletin",
  "Around Ashby",
];

// A Spanish notice: a building's or a town's announcements, and the legal small print under it.
const AVISO_SUBJECTS = [
  "La comunidad de propietarios",
  "El ayuntamiento",
  "La empresa suministradora",
  "El servicio municipal de limpieza",
  "La junta directiva",
  "La administración de la finca",
  "El departamento de obras",
  "La compañía de seguros",
];
const AVISO_ACTIONS = [
  "ha aprobado renovar",
  "informa de que revisará",
  "recuerda la obligación de mantener en buen estado",
  "ha encargado un presupuesto para reparar",
  "comunica que cerrará temporalmente",
  "solicita a los vecinos que no utilicen",
  "ha decidido ampliar el horario de",
  "procederá a inspeccionar",
];
const AVISO_OBJECTS = [
  "el ascensor del portal",
  "la iluminación del garaje",
  "las bajantes de la fachada norte",
  "el acceso peatonal por la calle Goya",
  "los contadores de agua del edificio",
  "la piscina comunitaria",
  "el cuarto de bicicletas",
  "la puerta principal del inmueble",
];
const AVISO_TIMES = [
  "durante la mañana del próximo lunes.",
  "antes del 30 de junio.",
  "a lo largo del mes de septiembre.",
  "mientras duren las obras.",
  "en cuanto se reciba la autorización.",
  "entre las nueve y las catorce horas.",
];
const AVISO_CLAUSES = [
  "Los gastos derivados de estas actuaciones se repartirán según la cuota de participación de cada vivienda.",
  "Cualquier reclamación deberá presentarse por escrito en la oficina de administración.",
  "La presente comunicación se expone en el tablón de anuncios durante quince días naturales.",
  "Los datos personales se tratarán conforme a la normativa vigente de protección de datos.",
  "El incumplimiento de estas normas podrá dar lugar a las sanciones previstas en los estatutos.",
  "Se ruega disculpen las molestias que estos trabajos puedan ocasionar.",
  "Para más información pueden dirigirse al conserje en horario de mañana.",
  "La junta se reserva el derecho de modificar el calendario por causas justificadas.",
];

/** A paragraph of the Spanish notice: announcements and a clause or two of small print. */
export function avisoParagraph(random: Random): string {
  const out: string[] = [];
  const count = int(random, 3, 5);
  for (let i = 0; i < count; i++) {
    out.push(
      random() < 0.35
        ? pick(random, AVISO_CLAUSES)
        : `${pick(random, AVISO_SUBJECTS)} ${pick(random, AVISO_ACTIONS)} ${pick(random, AVISO_OBJECTS)} ${pick(random, AVISO_TIMES)}`,
    );
  }
  return [...new Set(out)].join(" ");
}

export const AVISO_TITLES = [
  "Aviso a los vecinos",
  "Comunicado de la administración",
  "Información importante",
  "Condiciones generales del servicio",
];
