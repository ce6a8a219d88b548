// What a category's `data` holds: one file per kind of result. A new
// category's data schema gets a file here. The browser imports the file it
// needs, not this index, so it never ships the schemas it does not use.
export * from "./common";
export * from "./invoice";
export * from "./ocr";
export * from "./table";
