import { notFound } from "next/navigation";

// Any address no page matches lands here, so that (site)/not-found.tsx answers
// it inside the (site) layout and its stylesheet.
export default function MissingPage() {
  notFound();
}
