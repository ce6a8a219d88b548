// How many pages a PDF has, read in the browser without a PDF library (pdfjs
// would add a megabyte to the page for one number): its page objects, counted in
// the file and in its compressed object streams (PDF 1.5+ writers keep them
// there), inflated with the browser's own DecompressionStream. For the progress
// estimate of a long document only: null when it cannot tell, and no estimate
// is shown.

const PAGE_OBJECT = /\/Type\s*\/Page(?![A-Za-z])/g;
/** An object stream's dictionary and the start of its data. */
const OBJECT_STREAM = /<<((?:(?!>>)[\s\S])*?\/Type\s*\/ObjStm[\s\S]*?)>>\s*stream\r?\n/g;

const count = (text: string) => text.match(PAGE_OBJECT)?.length ?? 0;

export async function countPdfPages(file: Blob): Promise<number | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = new TextDecoder("latin1").decode(bytes);
  let pages = count(text);
  for (const match of text.matchAll(OBJECT_STREAM)) {
    const dictionary = match[1] ?? "";
    if (!/\/FlateDecode/.test(dictionary)) continue;
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) continue;
    let last = end;
    while (last > start && (bytes[last - 1] === 0x0a || bytes[last - 1] === 0x0d)) last -= 1;
    pages += count(await inflate(bytes.subarray(start, last)));
  }
  return pages > 0 ? pages : null;
}

/** A zlib (FlateDecode) stream as latin1 text; what inflated before an error if it is damaged. */
async function inflate(data: Uint8Array): Promise<string> {
  const reader = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream("deflate"))
    .getReader();
  const decoder = new TextDecoder("latin1");
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Junk after the data, or a damaged stream: the pages read so far still count.
  }
  return text;
}
