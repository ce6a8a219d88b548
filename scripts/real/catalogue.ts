// What the real calibration set is made of: every document and every source
// truth file, pinned to a commit of a public repository and to its sha256.
// Written from the snapshots the files were chosen in; fetch.ts reads it.
// Nothing here is copied from those repositories but their paths.

export type RepoKey = keyof typeof REPOS;

export interface Pinned {
  repo: RepoKey;
  path: string;
  sha256: string;
  bytes: number;
}

/** How a document's truth is made. */
export type TruthRecipe =
  /** Written by hand from reading the document (and the source's expected output, when `expected` is set); committed beside the manifest. */
  | { kind: "authored"; expected?: Pinned }
  /** The source's ground-truth text file, as it is. */
  | { kind: "text-file"; from: Pinned }
  /** A string constant of the source's test file (`export const NAME = '...'`). */
  | { kind: "js-constant"; from: Pinned; constant: string }
  /** The fields of the e-invoice XML that the document is. */
  | { kind: "einvoice-xml" }
  /** The fields of the e-invoice XML embedded in the PDF. */
  | { kind: "einvoice-pdf" }
  /** Tables of camelot's tests/data.py, by variable name. */
  | { kind: "camelot"; from: Pinned; tables: { page: number; variable: string }[] }
  /** One table of tabula-java's expected CSV. */
  | { kind: "tabula-csv"; from: Pinned; page: number }
  /** Pages with no table at all (prose, a chart). */
  | { kind: "no-table"; pages: number[] };

export type SetName = "text" | "invoices" | "receipts" | "einvoices" | "tables";

export interface CatalogueDocument {
  set: SetName;
  file: string;
  from: Pinned;
  truth: TruthRecipe;
  kind: string;
  languageHints?: string[];
  note?: string;
  /** A receipt's whole printed text, written by hand and committed as NAME.txt: the real receipts' column of bench/calibration.ts. */
  transcript?: true;
}

export const REPOS = {
  tesseractTest: {
    repo: "tesseract-ocr/test",
    commit: "232ff181c66516116ec0e84c4963f70de15050fd",
    licence: "Apache-2.0",
  },
  tesseractJs: {
    repo: "naptha/tesseract.js",
    commit: "42eae669e4b3a66429d8516f078912cc747a89df",
    licence: "Apache-2.0",
  },
  azureDocIntel: {
    repo: "Azure-Samples/document-intelligence-code-samples",
    commit: "8ac994c2712f3104d00ca4224b0ded6fd1ecbf70",
    licence: "MIT",
  },
  mindeeTestData: {
    repo: "mindee/client-lib-test-data",
    commit: "13093f3a48de212ef26889df71199c1a2a9d1478",
    licence: "none stated",
  },
  invoice2data: {
    repo: "invoice-x/invoice2data",
    commit: "bd2fcceb867882047173dbd66a9500f47634a0cd",
    licence: "MIT",
  },
  receiptParserLegacy: {
    repo: "ReceiptManager/receipt-parser-legacy",
    commit: "cd600142af89ac5324a2e480d69328f57f806719",
    licence: "Apache-2.0",
  },
  veryfiPython: {
    repo: "veryfi/veryfi-python",
    commit: "3526b5a0f81aed770d756447a7c46fb70691901e",
    licence: "MIT",
  },
  aspriseReceiptOcr: {
    repo: "Asprise/receipt-ocr",
    commit: "958e3c4261e879698c6eba1f948ddf252fedc063",
    licence: "none stated",
  },
  donut: {
    repo: "clovaai/donut",
    commit: "4cfcf972560e1a0f26eb3e294c8fc88a0d336626",
    licence: "MIT",
  },
  priceHistoryApi: {
    repo: "EduardoTLopes/price-history-api",
    commit: "f1cee3038e55bfabe0ad60ace74c8f2c7d7076be",
    licence: "MIT",
  },
  strukOcr: {
    repo: "wahyusnjy/struk-ocr",
    commit: "3683bb0d53a714236804eb7ad2d4cfa3e769d674",
    licence: "none stated",
  },
  qwallet: {
    repo: "merskip/qwallet",
    commit: "ef2fb7283c0c62f7ab463c01cc50bbd91729f24b",
    licence: "none stated",
  },
  visionData: {
    repo: "softmatic/vision-data",
    commit: "9062febd225986dc567777015f11d3db3a363086",
    licence: "CC-BY-4.0",
  },
  nowaste: {
    repo: "GuilledGeo/plataforma-nowaste",
    commit: "ad4da54a1b5fd2a14c8c14962f41aa398ae25073",
    licence: "none stated",
  },
  facturX: {
    repo: "akretion/factur-x",
    commit: "5edb9af9186e5f06f446372688e6fdbbd0b790d3",
    licence: "BSD-3-Clause",
  },
  mustang: {
    repo: "ZUGFeRD/mustangproject",
    commit: "096db40a9806b0b5202028509dff3563efe7fc8c",
    licence: "Apache-2.0",
  },
  en16931: {
    repo: "ConnectingEurope/eInvoicing-EN16931",
    commit: "b6c9e06a59812fb1a83585da40923b3678a649ad",
    licence: "EUPL-1.2",
  },
  xrechnungTestsuite: {
    repo: "itplr-kosit/xrechnung-testsuite",
    commit: "5528afafa9968eb67840da3ced0caf15f8d90a7a",
    licence: "Apache-2.0",
  },
  camelot: {
    repo: "camelot-dev/camelot",
    commit: "2b80d0bc692d1b22203c3385e77da8201675aa50",
    licence: "MIT",
  },
  tabulaJava: {
    repo: "tabulapdf/tabula-java",
    commit: "2cdf3b4fd3f7e921dca8cc6814cdd9316be40f0f",
    licence: "MIT",
  },
  pdfplumber: {
    repo: "jsvine/pdfplumber",
    commit: "147f2c4c07dc1191fc1d05bb589b4f6af3aaf74a",
    licence: "MIT",
  },
  ocrmypdf: {
    repo: "ocrmypdf/OCRmyPDF",
    commit: "62b42095eca831faaa3c84ddb699674788c4c1b7",
    licence: "CC-BY-SA-4.0 (test resources, per tests/resources/README.rst)",
  },
} as const;

export const DOCUMENTS: CatalogueDocument[] = [
  {
    set: "text",
    file: "tesseract-phototest.tif",
    from: {
      repo: "tesseractTest",
      path: "testing/phototest.tif",
      sha256: "d2241a1eb6d6cd2eb6544b8e228c2862c852b7467d16ed636caa32179b780692",
      bytes: 38668,
    },
    truth: {
      kind: "text-file",
      from: {
        repo: "tesseractTest",
        path: "testing/phototest.txt",
        sha256: "76ef157baeb6ab275b7d90f310477a8060d5822aea2b2e05d480f459b016a6ed",
        bytes: 286,
      },
    },
    kind: "scan",
    languageHints: ["en"],
  },
  {
    set: "text",
    file: "tesseract-phototest-rotated-180.png",
    from: {
      repo: "tesseractTest",
      path: "testing/phototest-rotated-180.png",
      sha256: "9a2ceaab3685a36a2041ef49b5683db2bedb4ff82d87136be4b52afa030e8114",
      bytes: 5276,
    },
    truth: {
      kind: "text-file",
      from: {
        repo: "tesseractTest",
        path: "testing/phototest.txt",
        sha256: "76ef157baeb6ab275b7d90f310477a8060d5822aea2b2e05d480f459b016a6ed",
        bytes: 286,
      },
    },
    kind: "rotated-180",
    languageHints: ["en"],
    note: "page turned 180 degrees",
  },
  {
    set: "text",
    file: "tesseract-phototest-rotated-L.png",
    from: {
      repo: "tesseractTest",
      path: "testing/phototest-rotated-L.png",
      sha256: "f9c80afb481abc07fdc6ff013df3048ef31141e7b1b90ec90ccbee8c3eddbea7",
      bytes: 6793,
    },
    truth: {
      kind: "text-file",
      from: {
        repo: "tesseractTest",
        path: "testing/phototest.txt",
        sha256: "76ef157baeb6ab275b7d90f310477a8060d5822aea2b2e05d480f459b016a6ed",
        bytes: 286,
      },
    },
    kind: "rotated-90",
    languageHints: ["en"],
    note: "page turned 90 degrees (left)",
  },
  {
    set: "text",
    file: "tesseract-phototest-rotated-R.png",
    from: {
      repo: "tesseractTest",
      path: "testing/phototest-rotated-R.png",
      sha256: "8b78f03821e57eec1c3ea3e15f1decb0cd1114322ffceaa1e27c4db91c3eb658",
      bytes: 6862,
    },
    truth: {
      kind: "text-file",
      from: {
        repo: "tesseractTest",
        path: "testing/phototest.txt",
        sha256: "76ef157baeb6ab275b7d90f310477a8060d5822aea2b2e05d480f459b016a6ed",
        bytes: 286,
      },
    },
    kind: "rotated-270",
    languageHints: ["en"],
    note: "page turned 90 degrees (right)",
  },
  {
    set: "text",
    file: "tesseract-eurotext.tif",
    from: {
      repo: "tesseractTest",
      path: "testing/eurotext.tif",
      sha256: "7b9bd14aba7d5e30df686fbb6f71782a97f48f81b32dc201a1b75afe6de747d6",
      bytes: 102598,
    },
    truth: {
      kind: "text-file",
      from: {
        repo: "tesseractTest",
        path: "testing/eurotext.txt",
        sha256: "26a43b5107b51054910b89f6fea67a03125b5737c0200e588121d4d132c7f3cb",
        bytes: 425,
      },
    },
    kind: "scan",
    languageHints: ["en", "de", "fr", "it", "es", "pt"],
  },
  {
    set: "text",
    file: "unlv-8071_093.tif",
    from: {
      repo: "tesseractTest",
      path: "testing/8071_093.3B.tif",
      sha256: "d4f01cba19c99f8894d94a6d43eb8ed8013f8cf17fc08af9346bb9fb3697d452",
      bytes: 112194,
    },
    truth: {
      kind: "text-file",
      from: {
        repo: "tesseractTest",
        path: "testing/8071_093.3B.txt",
        sha256: "29f290e47012a809f5139c796493b3c693e44e009dd8fb3dafe15420e8b4c7d5",
        bytes: 3837,
      },
    },
    kind: "scan",
    languageHints: ["en"],
    note: "UNLV-ISRI magazine page; the truth covers the zones of 8071_093.3B.uzn",
  },
  {
    set: "text",
    file: "unlv-8087_054.tif",
    from: {
      repo: "tesseractTest",
      path: "testing/8087_054.3B.tif",
      sha256: "dab6db0f4c32296f313c7f1e7e139b13d7c69be65c64d6016f85ea67ebca9102",
      bytes: 86066,
    },
    truth: {
      kind: "text-file",
      from: {
        repo: "tesseractTest",
        path: "testing/8087_054.3B.txt",
        sha256: "9965c66f974f85c25e51041b47aceed287dd2302abd64d7e969af674dca83edb",
        bytes: 4206,
      },
    },
    kind: "scan",
    languageHints: ["en"],
    note: "UNLV-ISRI page; the truth covers the zones of 8087_054.3B.uzn",
  },
  {
    set: "text",
    file: "tesseractjs-testocr.png",
    from: {
      repo: "tesseractJs",
      path: "tests/assets/images/testocr.png",
      sha256: "2e9aaa7784de906cb1bb5be9785557c939fc8ca5a01fbc2d8009cd064b4892c7",
      bytes: 23359,
    },
    truth: {
      kind: "js-constant",
      from: {
        repo: "tesseractJs",
        path: "tests/constants.mjs",
        sha256: "f04c9381be75ce3d9a9b06fb4338ebcb9bc448ac696d26f0d57f6e1463646ab5",
        bytes: 10917,
      },
      constant: "TESTOCR_TEXT",
    },
    kind: "scan",
    languageHints: ["en"],
  },
  {
    set: "text",
    file: "tesseractjs-simple.png",
    from: {
      repo: "tesseractJs",
      path: "tests/assets/images/simple.png",
      sha256: "c41b917ecafe5db657d398640cecdbad12ed0f6808e20f6f86389f5e08b476b5",
      bytes: 1305,
    },
    truth: {
      kind: "js-constant",
      from: {
        repo: "tesseractJs",
        path: "tests/constants.mjs",
        sha256: "f04c9381be75ce3d9a9b06fb4338ebcb9bc448ac696d26f0d57f6e1463646ab5",
        bytes: 10917,
      },
      constant: "SIMPLE_TEXT",
    },
    kind: "screenshot",
    languageHints: ["en"],
  },
  {
    set: "text",
    file: "tesseractjs-simple-90.jpg",
    from: {
      repo: "tesseractJs",
      path: "tests/assets/images/simple-90.jpg",
      sha256: "583eba3fdd2a9fad68618bdf51593f697d6fcd849ceeb2c9e1a27975543c4401",
      bytes: 5107,
    },
    truth: {
      kind: "js-constant",
      from: {
        repo: "tesseractJs",
        path: "tests/constants.mjs",
        sha256: "f04c9381be75ce3d9a9b06fb4338ebcb9bc448ac696d26f0d57f6e1463646ab5",
        bytes: 10917,
      },
      constant: "SIMPLE_TEXT",
    },
    kind: "rotated-90",
    languageHints: ["en"],
  },
  {
    set: "text",
    file: "tesseractjs-simple-180.jpg",
    from: {
      repo: "tesseractJs",
      path: "tests/assets/images/simple-180.jpg",
      sha256: "ebffd08a8ce310e0171fcca2f27f90c5e433b015814bf27593004d5e918917d0",
      bytes: 5927,
    },
    truth: {
      kind: "js-constant",
      from: {
        repo: "tesseractJs",
        path: "tests/constants.mjs",
        sha256: "f04c9381be75ce3d9a9b06fb4338ebcb9bc448ac696d26f0d57f6e1463646ab5",
        bytes: 10917,
      },
      constant: "SIMPLE_TEXT",
    },
    kind: "rotated-180",
    languageHints: ["en"],
  },
  {
    set: "text",
    file: "tesseractjs-simple-270.jpg",
    from: {
      repo: "tesseractJs",
      path: "tests/assets/images/simple-270.jpg",
      sha256: "75111224bf95217811a81617df5f272b1c4a5500a17effcf1db6ee8aa0093bb0",
      bytes: 5937,
    },
    truth: {
      kind: "js-constant",
      from: {
        repo: "tesseractJs",
        path: "tests/constants.mjs",
        sha256: "f04c9381be75ce3d9a9b06fb4338ebcb9bc448ac696d26f0d57f6e1463646ab5",
        bytes: 10917,
      },
      constant: "SIMPLE_TEXT",
    },
    kind: "rotated-270",
    languageHints: ["en"],
  },
  {
    set: "text",
    file: "tesseractjs-cosmic.png",
    from: {
      repo: "tesseractJs",
      path: "tests/assets/images/cosmic.png",
      sha256: "ca50eb1fa477c4adf54d9fbd5e39e3c682a15a35592c1b745d6798b700a2cba3",
      bytes: 13037,
    },
    truth: {
      kind: "js-constant",
      from: {
        repo: "tesseractJs",
        path: "tests/constants.mjs",
        sha256: "f04c9381be75ce3d9a9b06fb4338ebcb9bc448ac696d26f0d57f6e1463646ab5",
        bytes: 10917,
      },
      constant: "COMSIC_TEXT",
    },
    kind: "white-on-dark",
    languageHints: ["en"],
    note: 'light text on a dark picture; the truth keeps the image\'s own capitalisation "HellO"',
  },
  {
    set: "invoices",
    file: "invoice2data-AmazonWebServices.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/AmazonWebServices.pdf",
      sha256: "2e21d50f59a97b8c3778b238d14c9d7d15f74b8d021f819f1d2ede1f5412f81b",
      bytes: 154526,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/AmazonWebServices.json",
        sha256: "42ebf972155db2d874756c7778d434f65ab76cc574953999f46f923bda1f0e43",
        bytes: 690,
      },
    },
    kind: "pdf",
    languageHints: ["en"],
  },
  {
    set: "invoices",
    file: "invoice2data-AzureInterior.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/AzureInterior.pdf",
      sha256: "0dc290329d39b3855d9893c1623074282d18aeb66fc30506f5f51c19cb2d7f2b",
      bytes: 40907,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/AzureInterior.json",
        sha256: "5264782db7f10d2b2fc689cdc9e109c1923a250399ffb015df1331cf8a9f6e66",
        bytes: 2625,
      },
    },
    kind: "pdf",
    languageHints: ["en"],
  },
  {
    set: "invoices",
    file: "invoice2data-FlipkartInvoice.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/FlipkartInvoice.pdf",
      sha256: "d57921532b83c0b622432324e98e8c8a566c44a6a3367b9f7862af10d7c97580",
      bytes: 44791,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/FlipkartInvoice.json",
        sha256: "159ecc662e2cc51c72e62abf2e5fa54b956e4fcdef6d5c67a68e33746a1bc3d5",
        bytes: 233,
      },
    },
    kind: "pdf",
    languageHints: ["en"],
  },
  {
    set: "invoices",
    file: "invoice2data-NetpresseInvoice.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/NetpresseInvoice.pdf",
      sha256: "c7711ffe4f0c820d2bc3f1d15e0f5075b8cf3e9c831401beaa9cc36760ec11fc",
      bytes: 74468,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/NetpresseInvoice.json",
        sha256: "4a9c2cb0bdca15179b13e3ea65563d55fa58a3f6be784d2dceb515dd84482cc3",
        bytes: 235,
      },
    },
    kind: "pdf",
    languageHints: ["fr"],
  },
  {
    set: "invoices",
    file: "invoice2data-QualityHosting.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/QualityHosting.pdf",
      sha256: "e33124038dfb87cc5a4d93320f8a482561a72a179413cae3c569c7513f0c3bed",
      bytes: 54391,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/QualityHosting.json",
        sha256: "02ccffd3610827ca1d23bfbd3c826227b4cd36faa51f7aec314577d30e1c3305",
        bytes: 1689,
      },
    },
    kind: "pdf",
    languageHints: ["de"],
  },
  {
    set: "invoices",
    file: "invoice2data-SammyMaystoneLinesTest.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/SammyMaystoneLinesTest.pdf",
      sha256: "f014ddfa83dd456ca89643fe8f3ca6579e32f68839970a408fd85fffe343afe8",
      bytes: 15231,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/SammyMaystoneLinesTest.json",
        sha256: "3f811d27cf77074a5aba62eec286a893f3a757e5562ce95b83ccdfcb5f194cec",
        bytes: 397,
      },
    },
    kind: "pdf",
    languageHints: ["en"],
  },
  {
    set: "invoices",
    file: "invoice2data-coolblue1.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/coolblue1.pdf",
      sha256: "3932539b71338f0c73d6ade499a2a00cd2f9056c60f5a87b1ef623af095e1607",
      bytes: 53523,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/coolblue1.json",
        sha256: "7f7f60c0d75a0a05959b3ea72d3d6ee2089560f23146b91c7757e6a14c8e59f0",
        bytes: 1807,
      },
    },
    kind: "pdf",
    languageHints: ["nl"],
  },
  {
    set: "invoices",
    file: "invoice2data-coolblue2.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/coolblue2.pdf",
      sha256: "ebf3e41e3bd322352099a81611a7d4d7a52fe9802b45eebe7df45674bbfb093c",
      bytes: 61735,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/coolblue2.json",
        sha256: "70d9b519fbdfabc24408774a07277766fa38ee002640eb69734878428834e307",
        bytes: 2289,
      },
    },
    kind: "pdf",
    languageHints: ["nl"],
  },
  {
    set: "invoices",
    file: "invoice2data-free_fiber.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/free_fiber.pdf",
      sha256: "a3701f395925c3797845d469365c2764a717453baee53c6df07a3cf20267bfa2",
      bytes: 120150,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/free_fiber.json",
        sha256: "d9cebe4918a30ca47471ac392d1cf73dd3d4ae0c172d897eca28ed1d1d03caf9",
        bytes: 410,
      },
    },
    kind: "pdf",
    languageHints: ["fr"],
  },
  {
    set: "invoices",
    file: "invoice2data-saeco.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/saeco.pdf",
      sha256: "67f89ff5db4bc45d35d7e747d864348cc702c3c3993359756df1bc78a939ca70",
      bytes: 49289,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/saeco.json",
        sha256: "beb7d3691d8e021c88a0f6a078d985c4e4d4223aa10eac1510664de0c8bc65a0",
        bytes: 1263,
      },
    },
    kind: "pdf",
    languageHints: ["nl"],
  },
  {
    set: "receipts",
    file: "invoice2data-oyo.pdf",
    from: {
      repo: "invoice2data",
      path: "tests/compare/oyo.pdf",
      sha256: "ca0ca71b47446882fecacabe4415d32e67849f9fd96f427d20252b99a388ae8a",
      bytes: 24447,
    },
    truth: {
      kind: "authored",
      expected: {
        repo: "invoice2data",
        path: "tests/compare/oyo.json",
        sha256: "59eed56aa0d55bf69a7adb550050baf473b2be836c85d86d41a4d332341f9134",
        bytes: 455,
      },
    },
    kind: "pdf",
    languageHints: ["en"],
  },
  {
    set: "receipts",
    file: "azure-receipt-french.png",
    from: {
      repo: "azureDocIntel",
      path: "Data/receipt/receipt-french.png",
      sha256: "0bfeda5aa2f0044d112c7f30a11d20f944ad21399e9bce55dffd92ecc17e1537",
      bytes: 818208,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["fr"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "azure-receipt-spanish.png",
    from: {
      repo: "azureDocIntel",
      path: "Data/receipt/receipt-spanish.png",
      sha256: "327d76fbb08cb69e5cf8cdb7bc25852118ee131bfc1133bcaf8f050e7a86b5ac",
      bytes: 823013,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["es"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "azure-receipt-with-tips.png",
    from: {
      repo: "azureDocIntel",
      path: "Data/receipt/receipt-with-tips.png",
      sha256: "330a37cd95aaf9879b53d068df11d27ceb84a5f65544afd39665f71203ab1fd8",
      bytes: 500950,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "azure-receipt.jpg",
    from: {
      repo: "azureDocIntel",
      path: "Data/receipt/receipt.png",
      sha256: "8e883c11930f921bf4f23e95c5ad8812698ef1774ab3c0ab7d2c680ca3af911a",
      bytes: 1241425,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "azure-contoso-receipt.png",
    from: {
      repo: "azureDocIntel",
      path: "Data/receipt/contoso-receipt.png",
      sha256: "ef67fa28878a761552b6c5ffa9a52233cce2e9ad84b21134027ab2b50fafaadb",
      bytes: 1811693,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "azure-receipt-hotel.png",
    from: {
      repo: "azureDocIntel",
      path: "Data/receipt/receipt-hotel.png",
      sha256: "188f4e71e05ff85ca2714f488b9ee46103f3f3ce7ae54dc90d93e51ae7f0b89b",
      bytes: 84172,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["en"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "azure-receipt-app-like.png",
    from: {
      repo: "azureDocIntel",
      path: "Data/receipt/receipt-app-like.png",
      sha256: "581285f56bfe4c51074eb1a666abfa5c411a5889445e0617267697d6382af3e1",
      bytes: 118525,
    },
    truth: {
      kind: "authored",
    },
    kind: "screenshot",
    languageHints: ["en"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "azure-receipt-invoice-like.png",
    from: {
      repo: "azureDocIntel",
      path: "Data/receipt/receipt-invoice-like.png",
      sha256: "113ffa7909cc715be87660db6a4efcccbc5df2ac60c14ad26c244ac909bf5803",
      bytes: 122155,
    },
    truth: {
      kind: "authored",
    },
    kind: "screenshot",
    languageHints: ["en"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "mindee-expense-receipt.jpg",
    from: {
      repo: "mindeeTestData",
      path: "v1/products/expense_receipts/default_sample.jpg",
      sha256: "b105aad3e329b27386223ff3b68eb38b990e3344274498d395ac0895ed4e611b",
      bytes: 57179,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "mindee-us-receipt.jpg",
    from: {
      repo: "mindeeTestData",
      path: "v1/products/expense_receipts/us_receipt.jpg",
      sha256: "feb2b1966862bc2b07a339f6d14806bd58a5e18e1229056e9e717872d54b89d6",
      bytes: 55160,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "mindee-petrol-receipt.jpg",
    from: {
      repo: "mindeeTestData",
      path: "v1/products/petrol_receipts/default_sample.jpg",
      sha256: "a933552b222132390a7190146f7878d994c119dd3f9acf98a496f9127b1ddc92",
      bytes: 134725,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["fr"],
    transcript: true,
  },
  {
    set: "receipts",
    file: "mindee-lifestyle-receipt.jpg",
    from: {
      repo: "mindeeTestData",
      path: "v1/products/receipts_items_classifier/default_sample.jpg",
      sha256: "e93eedead3917473ed30d0e2de2da6ee1274ed97c22298f785d6df6b278bc1d6",
      bytes: 144164,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    note: 'the date "1/8/2022" is left out of the truth: nothing on the slip says which of its numbers is the day',
  },
  {
    set: "receipts",
    file: "veryfi-walgreens.jpg",
    from: {
      repo: "veryfiPython",
      path: "tests/assets/receipt_public.jpg",
      sha256: "5b0e889414f0e3559ccadad32380dc5305e2cc50c4955b718c79aa271002496f",
      bytes: 2456127,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    note: 'the shop is its wordmark at the head ("Walgreens"); the store number "#03296" before the street is no part of the address',
  },
  {
    set: "receipts",
    file: "asprise-mcdonalds.jpg",
    from: {
      repo: "aspriseReceiptOcr",
      path: "javascript-nodejs-receipt-ocr/receipt.jpg",
      sha256: "f9a65427bfa1a1570f86e89594e28176a45fbd854931e471a09c3a8654de3bf7",
      bytes: 815073,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    note: "no currency is printed, so none is in the truth; the legal name (\"McDonald's Restaurants Pte Ltd\") is printed under the address, the shop's name heads the slip",
  },
  {
    set: "receipts",
    file: "pricehistory-adidas.jpg",
    from: {
      repo: "priceHistoryApi",
      path: "receipts/brazilian-adidas-receipt.jpg",
      sha256: "0ea21c8e4a0ad1815fc5f890ecc482216680c51c3b625159dede46cb94a98eef",
      bytes: 1981911,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["pt"],
    note: 'the "Valor aproximado dos tributos" is an estimate the law asks for, not a tax charged: no tax in the truth',
  },
  {
    set: "receipts",
    file: "pricehistory-italian-1.jpg",
    from: {
      repo: "priceHistoryApi",
      path: "receipts/italian_receipt.jpeg",
      sha256: "58c19971dac5df11e368248151674ac08f61345b9cca9123c242a87099457c91",
      bytes: 66160,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["it"],
    note: "the operator's legal name (\"UNES MAXI S.P.A.\") is printed under the shop's; 398 pixels wide",
  },
  {
    set: "receipts",
    file: "pricehistory-italian-2.jpg",
    from: {
      repo: "priceHistoryApi",
      path: "receipts/italian_receipt2.jpeg",
      sha256: "ed473eaf04325f98ccf871dc8d1918ce7e7144156e22111eac95d581df8731e0",
      bytes: 74630,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["it"],
    note: "the photo starts under the shop's name: no shop or address in the truth",
  },
  {
    set: "receipts",
    file: "donut-cord-00004.png",
    from: {
      repo: "donut",
      path: "misc/sample_image_cord_test_receipt_00004.png",
      sha256: "8f3eee7068c96e86cdb2e4b5c53085cb5e1439462edd55c373548cb1962801ad",
      bytes: 1643699,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    note: "a CORD sample (Indonesian, crumpled): the shop, address and date are blurred by CORD itself; no currency printed",
  },
  {
    set: "receipts",
    file: "struk-shell.jpg",
    from: {
      repo: "strukOcr",
      path: "sample/sample.jpeg",
      sha256: "2833bc900746399bb231938b55eab2a28623351049dd89a44973b6824044f201",
      bytes: 293015,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["en"],
    note: 'Indonesian; "06/07/25" is day first, as Indonesia writes dates; no hint offered fits Indonesian, so "en"',
  },
  {
    set: "receipts",
    file: "qwallet-carrefour.jpg",
    from: {
      repo: "qwallet",
      path: "test/receipts/IMG_20200601_073322.jpg",
      sha256: "e4e40263b588152245d98c164da22aaa08d7ca7146ebfa3d64361125f65a395a",
      bytes: 3874706,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    note: 'Polish, which no hint offered fits, so "en"; the repository\'s own label gives 2020-08-28, the slip prints 2020-05-28',
  },
  {
    set: "receipts",
    file: "qwallet-bachus.jpg",
    from: {
      repo: "qwallet",
      path: "test/receipts/IMG_2691.jpg",
      sha256: "67b177bf0e3d84f807d2e6b64b7ffc96312ec436ce694fbb6410a1d1e5746c9c",
      bytes: 482046,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["en"],
    note: 'Polish, so "en"; a handwritten note over the header',
  },
  {
    set: "receipts",
    file: "visiondata-aldi.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/aldi_18042020_11_00883.jpg",
      sha256: "4b37d60571440798f1a93b3b305c310930f57cb20930fdb9e2c987c1e66335e4",
      bytes: 289690,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: 'the name set wide ("A L D I"); VAT only per rate, so no tax in the truth',
  },
  {
    set: "receipts",
    file: "visiondata-rossmann.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/rossmann_27022020_01_00195.jpg",
      sha256: "e4c098ed6101cc356ea4e3ff4470e61a209e70beec646605465275f3b36f35bb",
      bytes: 546656,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "the name is a logo and the address is not read with confidence: neither is in the truth",
  },
  {
    set: "receipts",
    file: "visiondata-ikea.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/ikea_08102016_12_13439.jpg",
      sha256: "4337676e54f69bfa9a87d7fea92ed445d26675b98468177553182f1d9ffc9fb9",
      bytes: 425006,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
  },
  {
    set: "receipts",
    file: "visiondata-lidl.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/lidl_02032020_02_00716.jpg",
      sha256: "5c2f05ca2ffc2c0f52bd5a128dc99e6e8b08e43eb24909bb2ab06ad01f5d0801",
      bytes: 238497,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "the name is a logo only: not in the truth",
  },
  {
    set: "receipts",
    file: "visiondata-apotheke.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/apotheke_23042020_01_01990.jpg",
      sha256: "4696de6dbee0c97367f101aaf2f04baf2f9059b892cde73a6245b56aab6b2075",
      bytes: 347098,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "the name is a logo's lettering: not in the truth; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-hornbach.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/hornbach_23092016_03_15200.jpg",
      sha256: "c840cf2dbfaefa7c5be92f380a0c7bc503e920ce96af2769077d29fafa2caf52",
      bytes: 459495,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "the company printed under the logo; the branch's number between it and the street; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-real.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/real_21042020_04_01207.jpg",
      sha256: "2a1cf2c7baf311e15ae5b044bdd0da1ea0ff15af52f761562866d457b3c9686d",
      bytes: 562739,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "the name printed beside the logo; the postcode before the street; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-roller.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/roller_26092016_02_05996.jpg",
      sha256: "e7ba2052f01b2e7ce709f53a764c6b39df745e39f98dd4e80dfa9a7afd321bbf",
      bytes: 318353,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "the name is a logo only: not in the truth; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-toom-1.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/toom_06042020_01_04999.jpg",
      sha256: "8e56e5017abfcd1b14270439b2c0785c18f1aa80fbd5fd2e649b16e1ae9fb1ad",
      bytes: 338875,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slogan under the logo; the company set wide; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-marktkauf-1.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/marktkauf_20042020_10_02690.jpg",
      sha256: "6e84d21f477221823109185396a17eecccc02303998beb5bfa18dfa052fee69d",
      bytes: 401349,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slogan, a QR code and a web address over the shop's name; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-aldi-2.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/aldi_25042020_12_01090.jpg",
      sha256: "aeb66a539e6b8b06a92fad8879a10b89db1d6a72a5b59ad9bf94051e9592da8b",
      bytes: 520804,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: 'the name set wide ("A L D I"); the date and the total (in cents) are the file\'s name too',
  },
  {
    set: "receipts",
    file: "visiondata-lidl-2.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/A/lidl_11042020_08_01977.jpg",
      sha256: "fff93b506beeafdbd8cd6afd43e8504894d89e081c7f4afed6d450698c574fa8",
      bytes: 444249,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "the name is a logo only: not in the truth; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-mediamarkt.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/B/mediamarkt_14052020_03900.jpg",
      sha256: "9febfbde7a9c37829fcb81d7f137d925fa71d73ff849ce2329e793bf278e69ef",
      bytes: 2246774,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the shop's name over its company's; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-thalia.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/B/thalia_06052020_01_04990.jpg",
      sha256: "d3e70c9dfa41a52ed0034e9f2cefdabbd3bc8419f4f1b15359e80323cf1d3eac",
      bytes: 1640455,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-toom-2.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/B/toom_02052020_01_01999.jpg",
      sha256: "57b41e067f170dbe5dc17ce669510240e90777d2560bcae7956933155392cddb",
      bytes: 2153898,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-marktkauf-2.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/B/marktkauf_06052020_13_02008.jpg",
      sha256: "0ff5f5eee83c93ada8904d86e3cadcf6a36d696993ab5bd9830c5ac6c085fb2e",
      bytes: 1519077,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-lidl-3.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/B/lidl_12052020_09_02351.jpg",
      sha256: "1333fdbe398838e001c9c589d99095c57c79266494753d5460d7b8c607f777f9",
      bytes: 1503531,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the name is a logo only; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-kaufland.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/C/kaufland_14052020_04_01378.jpg",
      sha256: "f5ac6652afd4ca64b382aaaf10e3a8434add35676cab60c40e5ddc1362b7ce47",
      bytes: 3073899,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-dm.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/C/dm_18052020_03_00355.jpg",
      sha256: "394cf4eb416688bb911d37a1582dfbcf23f490fefd97d836f68b0d0e952fc4ac",
      bytes: 2876459,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the name beside the logo; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-saturn.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/C/saturn_15022020_01_05999.jpg",
      sha256: "77d064f47ac8e6085d133706ad07607012bc9d4ab7b2b600595a4bea75ba7be7",
      bytes: 2954749,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the company under the logo; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-tankstelle.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/C/tanke_07092018_01_03935.jpg",
      sha256: "961600ff49d0b922f1142869fb90e57aaab74359d3ee74dcafc2d455a79cdb1e",
      bytes: 1341964,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a petrol station's slip on white in an A4 scan; the name in two sizes; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "visiondata-rossmann-2.jpg",
    from: {
      repo: "visionData",
      path: "2D/Receipts/C/rossmann_20052020_03_01733.jpg",
      sha256: "6a7745da233a5fb895c1283682dc92ea3dfb2266e7a040e119ac293a27cf94b4",
      bytes: 1708690,
    },
    truth: {
      kind: "authored",
    },
    kind: "scan",
    languageHints: ["de"],
    note: "a slip on grey card in an A4 scan; the name is a logo only; the date and the total (in cents) are the file's name too",
  },
  {
    set: "receipts",
    file: "nowaste-mercadona.jpg",
    from: {
      repo: "nowaste",
      path: "ticket_mercadona.jpeg",
      sha256: "c9184a8f0d663f29ae24d9db2b49c27748356d524b7e8b97af8a30d206137a1b",
      bytes: 756412,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["es"],
    note: '"03/01/2026" is day first, as Spain writes dates',
  },
  {
    set: "receipts",
    file: "receiptparser-rewe.jpg",
    from: {
      repo: "receiptParserLegacy",
      path: "data/img/IMG0001.jpg",
      sha256: "0a7721b900dbc3d040a2fb3192de41858845f580fedca633321d98d9c82de3ad",
      bytes: 2359272,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["de"],
    note: "photo, receipt turned 90 degrees (left)",
  },
  {
    set: "receipts",
    file: "receiptparser-penny-1.jpg",
    from: {
      repo: "receiptParserLegacy",
      path: "data/img/IMG0003.jpg",
      sha256: "f0c4c9d9d4cebbad23882c115400b7872c42f543c26daaea1c99c29a7ebdc58e",
      bytes: 1975392,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["de"],
    note: "photo, receipt turned 90 degrees (left)",
  },
  {
    set: "receipts",
    file: "receiptparser-real.jpg",
    from: {
      repo: "receiptParserLegacy",
      path: "data/img/IMG0004.jpg",
      sha256: "eb3d81bedbde54ad088bba7ea909fa29a8a7c44bfc26cec742fb6bfa7e66672a",
      bytes: 2494900,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["de"],
    note: "photo, receipt turned 90 degrees (left)",
  },
  {
    set: "receipts",
    file: "receiptparser-kaisers.jpg",
    from: {
      repo: "receiptParserLegacy",
      path: "data/img/IMG0006.jpg",
      sha256: "4d145cc830ed9fc9212a1bca78c1a0ba1d0e8939ee65f3d2fdaf9f7f24f85b98",
      bytes: 2254328,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["de"],
    note: "photo, receipt turned 90 degrees (left)",
  },
  {
    set: "receipts",
    file: "receiptparser-penny-2.jpg",
    from: {
      repo: "receiptParserLegacy",
      path: "data/img/IMG0007.jpg",
      sha256: "0b55fa8f1ac501cc77387a4373d2b8549e7bbe2b23c8f2b4f3f126b187f8f47c",
      bytes: 2474488,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["de"],
    note: "photo, receipt turned 90 degrees (left)",
  },
  {
    set: "receipts",
    file: "receiptparser-dm.jpg",
    from: {
      repo: "receiptParserLegacy",
      path: "data/img/IMG0008.jpg",
      sha256: "c3f303923d18b1b5f3717fb82524d1b9aebe0452f244bd2ad045e36f45f0b064",
      bytes: 2274360,
    },
    truth: {
      kind: "authored",
    },
    kind: "photo",
    languageHints: ["de"],
    note: "photo, receipt turned 90 degrees (left)",
  },
  {
    set: "einvoices",
    file: "facturx-invoice_EN16931.pdf",
    from: {
      repo: "facturX",
      path: "tests/fixtures/pdf/invoice_EN16931.pdf",
      sha256: "e340194b514ed7d01dfc7dca60ddc81bbee718756e29830dda227d65fe6de7f0",
      bytes: 302582,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "facturx-pdf",
    languageHints: ["fr"],
  },
  {
    set: "einvoices",
    file: "mustang-103767-Invoice-2026-03-24-1.pdf",
    from: {
      repo: "mustang",
      path: "validator/src/test/resources/103767-Invoice-2026-03-24-1.pdf",
      sha256: "064c7b4928d69c5e6f4d640f23f0b3ce9ab6e309f7c061de48225897f5a5506c",
      bytes: 152774,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "mustang-EN16931_1_Teilrechnung.pdf",
    from: {
      repo: "mustang",
      path: "library/src/test/resources/EN16931_1_Teilrechnung.pdf",
      sha256: "95f99e97fcb67a628077f54b2a20c7dbfc738de337106b4262f6f46228a869d3",
      bytes: 42572,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "mustang-EN16931_Einfach.pdf",
    from: {
      repo: "mustang",
      path: "library/src/test/resources/EN16931_Einfach.pdf",
      sha256: "05b5a382db8fdc60d1e9ec31fef7fb09c91d68413b9187f7ca116aed116ed1d0",
      bytes: 37897,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "mustang-EXTENDED_Fremdwaehrung_wdis_fx-pdfa4.pdf",
    from: {
      repo: "mustang",
      path: "library/src/test/resources/EXTENDED_Fremdwaehrung_wdis_fx-pdfa4.pdf",
      sha256: "b6a000d5806b33290445c61d388217853436b8ed25fdc044e1ed59f42bd6ff68",
      bytes: 57379,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
    note: "GBP invoice from a German seller",
  },
  {
    set: "einvoices",
    file: "mustang-Facture_F20180027.pdf",
    from: {
      repo: "mustang",
      path: "validator/src/test/resources/Facture_F20180027.pdf",
      sha256: "d8af03c13c0c6c60d55a88e6e640ce910423fa6d9fcfeb3be277ef0d8d6849dd",
      bytes: 276948,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["fr"],
  },
  {
    set: "einvoices",
    file: "mustang-MustangBeispiel20221026.pdf",
    from: {
      repo: "mustang",
      path: "library/src/test/resources/MustangBeispiel20221026.pdf",
      sha256: "98a694e3eaca6c7e37a85cba73a640977c121c01549e09182836b433d8d53a18",
      bytes: 77162,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
    note: "the page prints 963,12 EUR where the XML says 963.11: the XML is the truth",
  },
  {
    set: "einvoices",
    file: "mustang-MustangGnuaccountingBeispielRE-20170509_505.pdf",
    from: {
      repo: "mustang",
      path: "library/src/test/resources/MustangGnuaccountingBeispielRE-20170509_505.pdf",
      sha256: "f6bb9d49def4ab4453b43812007b412ea88ae0709fac6502efa29147afc24584",
      bytes: 161316,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "mustang-ZTESTZUGFERD_1_INVDSS_012015738820PDF-1.pdf",
    from: {
      repo: "mustang",
      path: "library/src/test/resources/ZTESTZUGFERD_1_INVDSS_012015738820PDF-1.pdf",
      sha256: "8811a459e40e846a001031452b7f52e93540d6a4403b91d22b943b0aed74bc88",
      bytes: 88656,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
    note: "the page prints Datum 30.10.2024 (print date?); the XML issue date is 2024-11-01",
  },
  {
    set: "einvoices",
    file: "mustang-attributeBasedXMP_zugferd_2p0_EN16931_Einfach.pdf",
    from: {
      repo: "mustang",
      path: "validator/src/test/resources/attributeBasedXMP_zugferd_2p0_EN16931_Einfach.pdf",
      sha256: "29842457f57143aba5da78fdf390aba773c965e60b1caab93dfff3e9d4c802f4",
      bytes: 147759,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "mustang-validAvoir_FR_type380_BASICWL.pdf",
    from: {
      repo: "mustang",
      path: "validator/src/test/resources/validAvoir_FR_type380_BASICWL.pdf",
      sha256: "f4cebb9862fa74260103f6c50f971faaf55d95bf178c3ef00df774473a5077f4",
      bytes: 83898,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["fr"],
    note: "a credit note sent as type 380 with negative amounts; BASIC WL has no lines",
  },
  {
    set: "einvoices",
    file: "mustang-validV1WithAdditionalData.pdf",
    from: {
      repo: "mustang",
      path: "validator/src/test/resources/validV1WithAdditionalData.pdf",
      sha256: "e42098099b27c0523b11eba460b6164718edcb52f921011f43bd177287f96402",
      bytes: 111968,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
    note: "ZUGFeRD 1 extended; carries a second, non-invoice XML",
  },
  {
    set: "einvoices",
    file: "mustang-zugferd_2p1_EXTENDED_PDFA-3A.pdf",
    from: {
      repo: "mustang",
      path: "validator/src/test/resources/zugferd_2p1_EXTENDED_PDFA-3A.pdf",
      sha256: "969455201a87007cc423acfd246a1c7960325697a18a040e2f943837c004bd50",
      bytes: 699553,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "mustang-zugferd_invoice.pdf",
    from: {
      repo: "mustang",
      path: "library/src/test/resources/zugferd_invoice.pdf",
      sha256: "0c6955ba818f3603e554e00f792cd16c49b8181f15eb6f20a2351fbf4395aa6f",
      bytes: 76030,
    },
    truth: {
      kind: "einvoice-pdf",
    },
    kind: "zugferd-pdf",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "facturx-factur-x-en16931.xml",
    from: {
      repo: "facturX",
      path: "tests/fixtures/xml/factur-x-en16931.xml",
      sha256: "85fd63c6c7fcfdc5af718344cc6c2d0a8436de381b549262b58e782cf9880b25",
      bytes: 65131,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["fr"],
  },
  {
    set: "einvoices",
    file: "facturx-ubl-21-en16931.xml",
    from: {
      repo: "facturX",
      path: "tests/fixtures/xml/ubl-21-en16931.xml",
      sha256: "90c598998073f00952bbcdb75ab9dbce02c2caeed26e88d3094eabeda982435a",
      bytes: 15227,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["fr"],
  },
  {
    set: "einvoices",
    file: "facturx-zugferd-comfort.xml",
    from: {
      repo: "facturX",
      path: "tests/fixtures/xml/zugferd-comfort.xml",
      sha256: "22acff5faa739a0c69217f5ddf3ff476becbeabb972047579caf47d9f211609a",
      bytes: 9993,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["fr"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example1.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example1.xml",
      sha256: "0c12e3ca9aab58299e6271b89d061274694c62159510ca2d848f13d287ee4f99",
      bytes: 34459,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example2.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example2.xml",
      sha256: "2ce8286333f4c2019166c505642963e1222f54c18558ae4210fd41fd5d526b2f",
      bytes: 26758,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example3.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example3.xml",
      sha256: "5c2e9de624dc72fcc7249cb82924fd443aa140b04b30da2a8549775d39caa377",
      bytes: 7647,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example4.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example4.xml",
      sha256: "deb7101f27855d21f9b7678cc1ab713c5fa34f7471a68ff78601d77517dc872b",
      bytes: 11389,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example5.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example5.xml",
      sha256: "473b2f9bd47b807804db7f8729eecbdd4b404c6232aca31262897bd5371d802b",
      bytes: 24065,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example6.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example6.xml",
      sha256: "23ef86c42478edd7f8cb57da6637a6588f3c80546e2ba64149b21172c502eea8",
      bytes: 7841,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example7.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example7.xml",
      sha256: "0f3ccc7dd0f96e871099f6bab84d6c80cb39e7cd87512d09a76b670338a9fd7f",
      bytes: 9551,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example8.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example8.xml",
      sha256: "28af1d24e201be9c48fcef2091881bebe8b5323a2c6889abce9cdc1a613b37e2",
      bytes: 26966,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_example9.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_example9.xml",
      sha256: "e43f32e9307d79772575d5d78d949879938a631f9d3ed0a7a6406115e1206433",
      bytes: 8147,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_business_example_01.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_business_example_01.xml",
      sha256: "2ce8286333f4c2019166c505642963e1222f54c18558ae4210fd41fd5d526b2f",
      bytes: 26758,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_business_example_02.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_business_example_02.xml",
      sha256: "53a636ac10592aa6fdc280190a366955380a64883519a4d58926b96802eb7163",
      bytes: 10178,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-CII_business_example_Z.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/CII_business_example_Z.xml",
      sha256: "68222346e14dfff673ae32b349f4efef054bd8e55f10370d0fcba1ec55262d56",
      bytes: 8779,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-XRechnung-O.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/XRechnung-O.xml",
      sha256: "399acf31a9c7ce4722b1362fe429f8326a132a0a9c01e5792e4f6bc266c982bb",
      bytes: 11914,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-huf_example_cii.xml",
    from: {
      repo: "en16931",
      path: "cii/examples/huf_example_cii.xml",
      sha256: "fad73604fc1ff6ac4c762687bdf394d1f4fe14b5b8830d607abf1c1cdfc68758",
      bytes: 111526,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example1.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example1.xml",
      sha256: "507a03e3c45761c435cf81e4a32097bedb3cb9b724572a9989028a4dfc2c7b51",
      bytes: 21501,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example2.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example2.xml",
      sha256: "1137eccac470c19b67706d6d9c568450ebb9e5596487e73f50f5c8164fc13506",
      bytes: 20750,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example3.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example3.xml",
      sha256: "535c56d810c19776f18083df792e4ebad0c93a71dec38c62b6812de07a4ec5ed",
      bytes: 7414,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example4.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example4.xml",
      sha256: "e7ba00c5d844de27d32a4cab259844260b2574563334ea5c6a520d18eb3397f7",
      bytes: 8191,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example5.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example5.xml",
      sha256: "6e27a93287a9866cebb2560d0028602a0984f1402b5b577332ce43e99bb83098",
      bytes: 17922,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example6.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example6.xml",
      sha256: "60623574b3ed54621f0d350150b5b148653e6b6f7f286921d948215c8699098d",
      bytes: 5679,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example7.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example7.xml",
      sha256: "2cde5675a74214cb995ed99830a1150b00fa14758ebc76ac1f9786bd28b49039",
      bytes: 6674,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example8.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example8.xml",
      sha256: "ebb536db6e7578a5bc51928420c1c04a6d04eb808d2bc2d3d30eb6c89c025f7e",
      bytes: 17732,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example9.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example9.xml",
      sha256: "3085f61ef73cde90e1d6ea020c6991b365729c1e3f0409388ae61d1c9a747d1e",
      bytes: 5790,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-example10.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-example10.xml",
      sha256: "4536beda542547229ea93976cce538a182fb48a20428c9322f487bf10d213a9e",
      bytes: 21493,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-ubl-tc434-creditnote1.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/ubl-tc434-creditnote1.xml",
      sha256: "911d7ac2cb4fa72d21331c76914468e7d94eda03629e0def75c64ab18e3e9dce",
      bytes: 4935,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-guide-example1.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/guide-example1.xml",
      sha256: "8cf298f82ccc0b1e0a3fd57d07dd39f4c174ee6739e147020f22c8aebb364ca5",
      bytes: 21376,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-guide-example2.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/guide-example2.xml",
      sha256: "7c073be56039d35d1caad07ecc407ff85910925b206a59a92fa5e3048bb891b5",
      bytes: 19627,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-guide-example3.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/guide-example3.xml",
      sha256: "488de75282bc39b4a556b9ac8b704d04f4de07aefc5e5f9a52b8ed719848929f",
      bytes: 6490,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-issue116.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/issue116.xml",
      sha256: "5de9cf220c7101735a337c99697a26758d449f59a13cc6ac6c9c3e9fd8749810",
      bytes: 10490,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-sample-discount-price.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/sample-discount-price.xml",
      sha256: "b12ea8b5c01e3e5b251880473d30c8ad2b74e18c7a84fbdde94076f570905a4f",
      bytes: 5405,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "en16931-BIS3_Invoice_positive.xml",
    from: {
      repo: "en16931",
      path: "ubl/examples/BIS3_Invoice_positive.XML",
      sha256: "97f41a92907521c354945658707ca1cd4209b31489399051e75797ab59c4851b",
      bytes: 5949,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["en"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.01a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.01a-INVOICE_ubl.xml",
      sha256: "74fb09c609d5fba15a8c543060998d3b92858f56a81fb5b0ed244d6794e498d1",
      bytes: 6742,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.01a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.01a-INVOICE_uncefact.xml",
      sha256: "727b51982a84c9b406599a7384783570910440ed405c9bb6d918b22442636886",
      bytes: 9622,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.02a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.02a-INVOICE_ubl.xml",
      sha256: "0250e3d8d45b14f0ba31c0e928d532ca4fb228442a204d392775aee1cb725501",
      bytes: 6564,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.02a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.02a-INVOICE_uncefact.xml",
      sha256: "4d04b67a753b3cac8e1e7759745b27bc6a19ce9913ab303942384b634bc1fae0",
      bytes: 8958,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.03a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.03a-INVOICE_ubl.xml",
      sha256: "281ed60e09df9921d5a963eb9d42d30868a1f628880335fc0fcf222812aaeaf3",
      bytes: 7120,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.03a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.03a-INVOICE_uncefact.xml",
      sha256: "4926207a26939a034845d9342ea6f5d664020da6f1c0dedf7c408564e6a19da2",
      bytes: 9753,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.04a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.04a-INVOICE_ubl.xml",
      sha256: "91208ec877fabe65228471fb76b5ff7a24deeb6aa5ed88b568edded6e3968724",
      bytes: 5755,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.04a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.04a-INVOICE_uncefact.xml",
      sha256: "42ac152e480463adb81999aa7d70da490a8b709808e239f54531c7ddd4319b4f",
      bytes: 7638,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.05a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.05a-INVOICE_ubl.xml",
      sha256: "09cff10c3ad2a6934e4825b1f5e1ab595410443ff2f150d3cda634d2f0eedc6c",
      bytes: 8200,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.05a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.05a-INVOICE_uncefact.xml",
      sha256: "8f95097b5231474c835bf6685aa215bd41076af8ac0c0c8be0e98fdd93001764",
      bytes: 12394,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.06a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.06a-INVOICE_ubl.xml",
      sha256: "71d357d848e6911ecd5365d2ef61a5caba9241ae6cfd9f5e53aa8c27477748c7",
      bytes: 10600,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.06a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.06a-INVOICE_uncefact.xml",
      sha256: "2f073590a86308b020671dc40b41feb76f0e8918ae04d7066f7984b1aaa0fd17",
      bytes: 16715,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.07a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.07a-INVOICE_ubl.xml",
      sha256: "dfc84cc824a9cb9b1aa1e866550e6e6fc0aa06f69203a68e70f2a6d515d23d96",
      bytes: 6276,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.07a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.07a-INVOICE_uncefact.xml",
      sha256: "6c8ece702656e7592acf1fbe9155965e07981fec4ad7bb65c2908c1e2685a945",
      bytes: 8987,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.08a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.08a-INVOICE_ubl.xml",
      sha256: "b38c9d2666dd6e18f992a955b5d3f94950252dbdfa1927420f0fe511734ae37c",
      bytes: 6244,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.08a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.08a-INVOICE_uncefact.xml",
      sha256: "96db4c3c6e5ce9fdc28fec75f911274ea2f7d94bed5ddfce195fdaf357ba4a75",
      bytes: 8426,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.09a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.09a-INVOICE_ubl.xml",
      sha256: "93aa62fbf2fe463aa71c0081fe69444f356e02045ff7f6ca9e7e3c33e7a949e6",
      bytes: 6023,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.09a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.09a-INVOICE_uncefact.xml",
      sha256: "36aa85ae8a80f681b75b30cbaedb86477cee200461bf1b7c4b28e247ea5affde",
      bytes: 8271,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.10a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.10a-INVOICE_ubl.xml",
      sha256: "a0a788d308eeeee9256932e30be0b67f5c881f22ae5c6e24f02771e32c7dc983",
      bytes: 7083,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.10a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.10a-INVOICE_uncefact.xml",
      sha256: "3755ea7764f6e2c8c7427ab24777d64add1cc4e489362ed9c3d1049fdb2629d3",
      bytes: 8923,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.11a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.11a-INVOICE_ubl.xml",
      sha256: "3f413a4f33c3844e184480f609d3f4eb31c8165431be03157d6eb84f53be514d",
      bytes: 7558,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.11a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.11a-INVOICE_uncefact.xml",
      sha256: "0cbcf2d8e4a2f9d8ac2ae9d5a70ed21292233a8e18b7a512c7fb7809803fe847",
      bytes: 10933,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.12a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.12a-INVOICE_ubl.xml",
      sha256: "cc281f765dd41b38a81d7b4cc9bb995b4b92ee846654cfcbd0e2ab9859e7a2c7",
      bytes: 9197,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.12a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.12a-INVOICE_uncefact.xml",
      sha256: "b6b3186df8ade85abaea25b083e34864a5e3427cdbee62bf929a996bbd304c1d",
      bytes: 13795,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.13a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.13a-INVOICE_ubl.xml",
      sha256: "03558b27fea3e1270786eb8da84a31457bcbd7c0cfe018698cf6bd54c154db52",
      bytes: 12477,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.13a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.13a-INVOICE_uncefact.xml",
      sha256: "bf3a7deaeb49fe4ea1e03edeb5642df662f5ed71d5dfad5637a534b398e22b20",
      bytes: 21324,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.14a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.14a-INVOICE_ubl.xml",
      sha256: "44699c5b9089800e8cc8b5d952ca809c19d6bbfbb17557916cb9447b824f0751",
      bytes: 7982,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.14a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.14a-INVOICE_uncefact.xml",
      sha256: "8c6b4a9e40f140bc633bd67d01c549c4cff227f5e500dcdea1a75eb1bb905c03",
      bytes: 11303,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.17a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.17a-INVOICE_ubl.xml",
      sha256: "54f477a8ddc0488f0b5a03977ab1fa8b94d735c7b90f0a51e56aeff6112f3392",
      bytes: 6828,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.17a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.17a-INVOICE_uncefact.xml",
      sha256: "99832b7873fcf11c85506f9fd3614fa3841e0fda435ca424bb37ce0833294fdc",
      bytes: 9653,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.18a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.18a-INVOICE_ubl.xml",
      sha256: "55f90ad3793e46131eabfdbd36a4d2c3f9c989313ff0e44b7da72a2d6fde0be0",
      bytes: 8373,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.18a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.18a-INVOICE_uncefact.xml",
      sha256: "6be54635ad7afff2516151458f68eeb59340cbb602463f3123b60de348b3861f",
      bytes: 12554,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.19a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.19a-INVOICE_ubl.xml",
      sha256: "c3d3744cf48e83e4089eb2b8e1c1ebfaf8addcda5edf3ea7ce6444547062ffcf",
      bytes: 7840,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.19a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.19a-INVOICE_uncefact.xml",
      sha256: "c1f62d00d1d0dac9dc1c3387bb76e47b58fe98881fe0c879901fdf3f8c474f47",
      bytes: 11854,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.20a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.20a-INVOICE_ubl.xml",
      sha256: "51fe9b285d86eb57bdb5bfe2682e62dce485af71c003b56b447d5bdc1b61c368",
      bytes: 6798,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.20a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.20a-INVOICE_uncefact.xml",
      sha256: "b86fb34c45e0c30cc8b8f50a375ef8d68d0914ac902a3aac6e0009d35f73196b",
      bytes: 10604,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.21a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.21a-INVOICE_ubl.xml",
      sha256: "84495fdd2a2ca8b9599654d3ffc93aadaf49dd5bda2482f67c1df18df8db06f0",
      bytes: 7059,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-01.21a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/01.21a-INVOICE_uncefact.xml",
      sha256: "e2a01cda80a7b84386a5010dcc9395f13242b58aa46e31db8d11cd1525c1dc32",
      bytes: 9391,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-03.03a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/03.03a-INVOICE_ubl.xml",
      sha256: "68110106c5f68ff7e7f3b493a744e74b7bc4f86739ebef44bc591e384452fec0",
      bytes: 8435,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-03.03a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/03.03a-INVOICE_uncefact.xml",
      sha256: "6d61b2ebce34ec02fcd8395debc59b235af6364aa9cf5bfde7cc40b5bb0729f0",
      bytes: 13429,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-03.06a-INVOICE_ubl.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/03.06a-INVOICE_ubl.xml",
      sha256: "e6a5cd7fce70f9b729db01be2e035e87b2cba594fb436b8c554d39defbcc3a4a",
      bytes: 8247,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "ubl-xml",
    languageHints: ["de"],
  },
  {
    set: "einvoices",
    file: "xrechnung-03.06a-INVOICE_uncefact.xml",
    from: {
      repo: "xrechnungTestsuite",
      path: "src/test/business-cases/standard/03.06a-INVOICE_uncefact.xml",
      sha256: "7401cbb320bd2dd9665b27eb594dcfe5d577184cd6c1c85a22773a643da71d35",
      bytes: 12884,
    },
    truth: {
      kind: "einvoice-xml",
    },
    kind: "cii-xml",
    languageHints: ["de"],
  },
  {
    set: "tables",
    file: "camelot-twotables_2.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/twotables_2.pdf",
      sha256: "c910eabbe6ea2c2b6669e37889efc31b8f68bfd691d9f5c148fa0a5174ea7c91",
      bytes: 23667,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_lattice_two_tables_1",
        },
        {
          page: 1,
          variable: "data_lattice_two_tables_2",
        },
      ],
    },
    kind: "ruled",
    note: "two tables on page 1",
  },
  {
    set: "tables",
    file: "camelot-clockwise_table_1.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/clockwise_table_1.pdf",
      sha256: "72e1472878305b75d1d936a20b7a189a5bbd60bc659a64ab1da2c75b053d4a17",
      bytes: 17035,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_lattice_table_rotated",
        },
      ],
    },
    kind: "ruled-rotated",
    note: "the table is printed turned on the page",
  },
  {
    set: "tables",
    file: "camelot-column_span_2.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/column_span_2.pdf",
      sha256: "14290fe5c01ad98b9362906b0c9646756ebf2999a82aaaeefc4dcecff5d3726f",
      bytes: 24313,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_lattice_shift_text_left_top",
        },
      ],
    },
    kind: "ruled",
    note: "spanning cells: their text is in the top-left cell (camelot shift_text l,t)",
  },
  {
    set: "tables",
    file: "camelot-mexican_towns.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/mexican_towns.pdf",
      sha256: "54ea129af8dbc5b4a08f9a4e735037d148c367267ac37c03f62d87cadbe403ba",
      bytes: 184605,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_stream_columns",
        },
      ],
    },
    kind: "borderless",
    note: "camelot read it with its column positions given; the header spans two rows",
  },
  {
    set: "tables",
    file: "camelot-12s0324.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/tabula/12s0324.pdf",
      sha256: "092853e4af150d1c72f474a59ce902305e8675c1d04059d5e2af4a628bc6dfbd",
      bytes: 64081,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_stream_two_tables_1",
        },
        {
          page: 1,
          variable: "data_stream_two_tables_2",
        },
      ],
    },
    kind: "borderless",
    note: "two tables of a statistical abstract, one above the other, with footnotes",
  },
  {
    set: "tables",
    file: "camelot-health.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/health.pdf",
      sha256: "efdcd7794fc9397dd3626075f025fa27a95b1180331b0b2c5b89a6c85ae3c4f6",
      bytes: 87419,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_hybrid",
        },
      ],
    },
    kind: "shaded",
    note: "every other row shaded, which hides the rules between its cells; a title row over the table",
  },
  {
    set: "tables",
    file: "camelot-anticlockwise_table_1.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/anticlockwise_table_1.pdf",
      sha256: "99d62c35de1978f53ca914ff47ca3e769aa5dae94016cc09c59ae204a70fad1b",
      bytes: 16638,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_lattice_table_rotated",
        },
      ],
    },
    kind: "ruled-rotated",
    note: "the table is printed turned the other way on the page",
  },
  {
    set: "tables",
    file: "camelot-clockwise_table_2.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/clockwise_table_2.pdf",
      sha256: "135d561002f336b288c163e306126de41ebfad98d0fc4cd45afbfdbf25bd7838",
      bytes: 54242,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_stream_table_rotated",
        },
      ],
    },
    kind: "borderless-rotated",
    note: "a table without rules, printed turned on the page",
  },
  {
    set: "tables",
    file: "camelot-edge_tol.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/edge_tol.pdf",
      sha256: "7cc0473fbee0617bf30e5556dc25e0938690ac98bf252dddaa99923fb90a7ef1",
      bytes: 71867,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_stream_edge_tol",
        },
      ],
    },
    kind: "borderless",
    note: "camelot stream output with edge_tol=500",
  },
  {
    set: "tables",
    file: "camelot-anticlockwise_table_2.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/anticlockwise_table_2.pdf",
      sha256: "919d491a50c892095c00f552aa54cc760d93000c0abb1d13d1fddfd00fa8afdb",
      bytes: 54164,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_stream_table_rotated",
        },
      ],
    },
    kind: "borderless-rotated",
    note: "clockwise_table_2 turned the other way: camelot tests both against the same cells",
  },
  {
    set: "tables",
    file: "camelot-stream_inner_outer_columns.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/stream_inner_outer_columns.pdf",
      sha256: "c1b275fa317d166038d1c9ac3525283a3c6ef25837a079e6ea34d47ec2b2ed02",
      bytes: 15362,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_stream_inner_outer_columns",
        },
      ],
    },
    kind: "borderless",
    note: "columns of different lengths, the inner ones short",
  },
  {
    set: "tables",
    file: "camelot-detect_vertical_false.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/detect_vertical_false.pdf",
      sha256: "3d4b69483a261b5b2a734e9deaf5c1feb6807a086a783f63aab299c22f54046c",
      bytes: 12705,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_stream_layout_kwargs",
        },
      ],
    },
    kind: "borderless",
    note: "a wine list: names and prices in two columns under headings (camelot stream, detect_vertical off)",
  },
  {
    set: "tables",
    file: "camelot-multiple_tables.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/multiple_tables.pdf",
      sha256: "9ac99cf86d3dd9b8e3773b773b942ec784c9e4b6e36febe1637767468e96526a",
      bytes: 62330,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_network_two_tables_b_1",
        },
        {
          page: 1,
          variable: "data_network_two_tables_b_2",
        },
      ],
    },
    kind: "ruled",
    note: "two ruled tables with a paragraph between them",
  },
  {
    set: "tables",
    file: "camelot-split_text_lattice.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/split_text_lattice.pdf",
      sha256: "15b8cf2901342f88a7d4d57da6e7c98a4bb29c6b9b022707af2adf593a3db9a2",
      bytes: 344650,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_lattice_split_text",
        },
      ],
    },
    kind: "ruled",
    note: "a ruled table of 11 narrow columns whose cells wrap (camelot lattice, split_text)",
  },
  {
    set: "tables",
    file: "camelot-superscript.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/superscript.pdf",
      sha256: "12daeb0d70ae3c70a28b2cceb2fef5f5ba9f811c60b0870f05dcdd5ac80446ef",
      bytes: 75643,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_stream_flag_size",
        },
      ],
    },
    kind: "borderless",
    note: "a statistical table with a superscript note mark (camelot flag_size; its <s> markup taken out)",
  },
  {
    set: "tables",
    file: "camelot-vertical_header.pdf",
    from: {
      repo: "camelot",
      path: "tests/files/vertical_header.pdf",
      sha256: "eb1092be407cb17cd25837c52758d1305f6719268c6f824f73a7d2bd18c95760",
      bytes: 83067,
    },
    truth: {
      kind: "camelot",
      from: {
        repo: "camelot",
        path: "tests/data.py",
        sha256: "27e9937c2b96f513c115353dadc619dac78bf3c369d8161720fd207b65d343e2",
        bytes: 131020,
      },
      tables: [
        {
          page: 1,
          variable: "data_hybrid_vertical_headers",
        },
      ],
    },
    kind: "ruled",
    note: "election results, the names of the candidates set upright in the header; page 1 of 5 scored (camelot hybrid)",
  },
  {
    set: "tables",
    file: "tabula-Publication_of_award.pdf",
    from: {
      repo: "tabulaJava",
      path: "src/test/resources/technology/tabula/Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf",
      sha256: "038126d57e3d9aadfee6c3ac44acc66d4fbdc13598dad8deadd7ec76a2a7d2ab",
      bytes: 121559,
    },
    truth: {
      kind: "tabula-csv",
      from: {
        repo: "tabulaJava",
        path: "src/test/resources/technology/tabula/csv/Publication_of_award_of_Bids_for_Transport_Sector__August_2016.csv",
        sha256: "d4ae792846efa5cb1a2829ec8fe767d2aae62c6e96de5e8d9538cba465a3032e",
        bytes: 2993,
      },
      page: 1,
    },
    kind: "ruled",
    note: "a ruled table of contract awards whose cells wrap; page 1 of 5 scored (tabula's lattice reading of the table's area)",
  },
  {
    set: "tables",
    file: "tabula-AnimalSounds.pdf",
    from: {
      repo: "tabulaJava",
      path: "src/test/resources/technology/tabula/AnimalSounds.pdf",
      sha256: "0ab61715ae9e6d420397fa1931e5bc73fd5e7457c73fab4d72c3d9365a0f2e4a",
      bytes: 11998,
    },
    truth: {
      kind: "tabula-csv",
      from: {
        repo: "tabulaJava",
        path: "src/test/resources/technology/tabula/csv/AnimalSounds.csv",
        sha256: "cffb272a08c128771eea4ad39e09a955de88c4222cc404439840aee78a789ee9",
        bytes: 186,
      },
      page: 1,
    },
    kind: "borderless",
  },
  {
    set: "tables",
    file: "tabula-spanning_cells.pdf",
    from: {
      repo: "tabulaJava",
      path: "src/test/resources/technology/tabula/spanning_cells.pdf",
      sha256: "f0a8fb8a293a192ca896ff4100b7b7113149ca89145ba61da662bd9d9fec3acf",
      bytes: 27918,
    },
    truth: {
      kind: "tabula-csv",
      from: {
        repo: "tabulaJava",
        path: "src/test/resources/technology/tabula/csv/spanning_cells.csv",
        sha256: "8ccdf414c7bd7c67801728002e5e04a1b08006ff3f8d5ae1f2b18c919723972f",
        bytes: 1305,
      },
      page: 1,
    },
    kind: "ruled",
  },
  {
    set: "tables",
    file: "tabula-argentina_diputados_voting_record.pdf",
    from: {
      repo: "tabulaJava",
      path: "src/test/resources/technology/tabula/argentina_diputados_voting_record.pdf",
      sha256: "101064f0dc6aaafbab30ebccce14f290e695ef220b01699254df607f2000b61e",
      bytes: 47834,
    },
    truth: {
      kind: "tabula-csv",
      from: {
        repo: "tabulaJava",
        path: "src/test/resources/technology/tabula/csv/argentina_diputados_voting_record.csv",
        sha256: "c254b43910112e3ff7b2c2f1b012bb64ca39d2f4c7e2d8f8f410c2238d616417",
        bytes: 2382,
      },
      page: 1,
    },
    kind: "borderless",
  },
  {
    set: "tables",
    file: "tabula-schools.pdf",
    from: {
      repo: "tabulaJava",
      path: "src/test/resources/technology/tabula/schools.pdf",
      sha256: "d73a342af0250f36b08b718dbf6b73def928e103aa7911ff18018534aa5c87fb",
      bytes: 72878,
    },
    truth: {
      kind: "tabula-csv",
      from: {
        repo: "tabulaJava",
        path: "src/test/resources/technology/tabula/csv/schools.csv",
        sha256: "0df48a0880fe82ae7d73675d4a044b4e89d27ebacbbc427492c070dda44a2d43",
        bytes: 4247,
      },
      page: 1,
    },
    kind: "borderless",
  },
  {
    set: "tables",
    file: "tabula-spreadsheet_no_bounding_frame.pdf",
    from: {
      repo: "tabulaJava",
      path: "src/test/resources/technology/tabula/spreadsheet_no_bounding_frame.pdf",
      sha256: "67192f9b786462db2db772d4f526486fa65d8dc46e121957ce1ad08ec09c21e0",
      bytes: 963925,
    },
    truth: {
      kind: "tabula-csv",
      from: {
        repo: "tabulaJava",
        path: "src/test/resources/technology/tabula/csv/spreadsheet_no_bounding_frame.csv",
        sha256: "5504df3b96fadb47c92ee116f2c3b4be87b52917243223f514ccecb8abea9f4d",
        bytes: 1444,
      },
      page: 1,
    },
    kind: "ruled",
  },
  {
    set: "tables",
    file: "tabula-frx_2012_disclosure.pdf",
    from: {
      repo: "tabulaJava",
      path: "src/test/resources/technology/tabula/frx_2012_disclosure.pdf",
      sha256: "aa80de941ee2999798e2d36b63b475861468bcb958cb7106e9afcc12242ad54a",
      bytes: 21404,
    },
    truth: {
      kind: "tabula-csv",
      from: {
        repo: "tabulaJava",
        path: "src/test/resources/technology/tabula/csv/frx_2012_disclosure.csv",
        sha256: "7fc6282b949d41620a81c7a92f2c05b298f88cde6f1eb65be1ac8b37d8c843b0",
        bytes: 3139,
      },
      page: 1,
    },
    kind: "borderless",
    note: "tabula-java expected CSV; its first rows may hold a title that tabula took into the table",
  },
  {
    set: "tables",
    file: "pdfplumber-scotus-transcript-p1.pdf",
    from: {
      repo: "pdfplumber",
      path: "tests/pdfs/scotus-transcript-p1.pdf",
      sha256: "c63508c7b195e6b6c398311fb1f3a36de31f604e3ae94b486a6776f1f144b379",
      bytes: 84509,
    },
    truth: {
      kind: "no-table",
      pages: [1],
    },
    kind: "no-table",
    note: "a court transcript: numbered lines of prose",
  },
  {
    set: "tables",
    file: "pdfplumber-federal-register-2020-17221.pdf",
    from: {
      repo: "pdfplumber",
      path: "tests/pdfs/federal-register-2020-17221.pdf",
      sha256: "ac419e4e084ea7a7a33a7be3f129dd07bc705b1a9e45ad751e33357f17d60f5c",
      bytes: 713992,
    },
    truth: {
      kind: "no-table",
      pages: [1],
    },
    kind: "no-table",
    note: "three columns of prose (page 1 only)",
  },
  {
    set: "tables",
    file: "pdfplumber-2023-06-20-PV.pdf",
    from: {
      repo: "pdfplumber",
      path: "tests/pdfs/2023-06-20-PV.pdf",
      sha256: "8e01f32e6a40f956aad593b0e54c5cec7684285ff4be0c7b754dce3711c67bb4",
      bytes: 35535,
    },
    truth: {
      kind: "no-table",
      pages: [1],
    },
    kind: "no-table",
    note: "French minutes, prose (page 1 only)",
  },
  {
    set: "tables",
    file: "pdfplumber-cupertino_usd_4-6-16.pdf",
    from: {
      repo: "pdfplumber",
      path: "tests/pdfs/cupertino_usd_4-6-16.pdf",
      sha256: "944ab863d7c83521d6250cc8682d2c985a6ae82622de1d461bb80c21a654206a",
      bytes: 80578,
    },
    truth: {
      kind: "no-table",
      pages: [1],
    },
    kind: "no-table",
    note: "a school board's agenda: numbered items of prose, one in a ruled box",
  },
  {
    set: "tables",
    file: "pdfplumber-issue-982-example.pdf",
    from: {
      repo: "pdfplumber",
      path: "tests/pdfs/issue-982-example.pdf",
      sha256: "c18ea7dc2e8d075f22ca0030e83000adc05cd4f75218c1d774564aa91b5edd94",
      bytes: 1029061,
    },
    truth: {
      kind: "no-table",
      pages: [1, 2, 3, 4, 5, 6, 7, 8],
    },
    kind: "no-table",
    note: "a paper in two columns: figures and their labels, references, code listings (8 pages)",
  },
  {
    set: "tables",
    file: "pdfplumber-issue-316-example.pdf",
    from: {
      repo: "pdfplumber",
      path: "tests/pdfs/issue-316-example.pdf",
      sha256: "19b0ab7b2e0cddc96c1bfaf96fd928547811d1dd2e451d0410b618308fe986f9",
      bytes: 138691,
    },
    truth: {
      kind: "no-table",
      pages: [1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 16, 17],
    },
    kind: "no-table",
    note: "a journal article: its 14 pages of prose, title and references (its tables, on pages 9 to 11, are not scored)",
  },
  {
    set: "tables",
    file: "ocrmypdf-graph.pdf",
    from: {
      repo: "ocrmypdf",
      path: "tests/resources/graph.pdf",
      sha256: "11fa2cef6845341795dc4103e68b31df5ff4fc72a7b7fa42904eb22b9bd70613",
      bytes: 48285,
    },
    truth: {
      kind: "no-table",
      pages: [1],
    },
    kind: "chart",
    note: "a line chart, image only (no text layer)",
  },
  {
    set: "tables",
    file: "pdfplumber-chelsea_pdta.pdf",
    from: {
      repo: "pdfplumber",
      path: "tests/pdfs/chelsea_pdta.pdf",
      sha256: "e9823b5527fed648c9b4a891b0c018d75a4acfa3697f9bfa91b2f8e5097579e0",
      bytes: 2944560,
    },
    truth: {
      kind: "no-table",
      pages: [15, 16, 17, 18, 19, 21, 22],
    },
    kind: "chart",
    note: "a town's transport plan (65 pages): its pages of bar charts, pie charts and prose are scored, its tables are not",
  },
  {
    set: "tables",
    file: "tabula-npe_issue_206.pdf",
    from: {
      repo: "tabulaJava",
      path: "src/test/resources/technology/tabula/npe_issue_206.pdf",
      sha256: "36e6560ac8ed0e741e2ce775bd851d53d5fb553674ed7689ecc0db44ca8db138",
      bytes: 12736,
    },
    truth: {
      kind: "no-table",
      pages: [1],
    },
    kind: "chart",
    note: "a processor manual's block diagram: boxes, arrows and their labels",
  },
];
