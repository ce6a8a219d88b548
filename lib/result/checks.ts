// One check of an answer, said in words: the shape the invoice and table
// wordings build and the check list shows.
export type CheckState = "ok" | "wrong" | "unknown";

export interface CheckItem {
  id: string;
  state: CheckState;
  text: string;
}
